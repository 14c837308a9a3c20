import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  annotated,
  getKargo,
} from '../__tests__/reliability/__testUtils__/callers';
import { useReliabilityBackend } from '../__tests__/reliability/__testUtils__/suite';

// Issue 35, attack 22: the `kargo.akuity.io/instance` annotation was read
// whole (only trimmed) and echoed twice in every `errors` entry of the
// entity route: an entity naming 11 projects and 101 Stages with a 1 MB
// instance made a 22 MB answer per view (22,001,280 bytes), shown as 12
// error panels of 1 MB text. An instance name over 253 characters now names
// none: the default instance is read.
jest.setTimeout(60_000);

const INSTANCE = 'i'.repeat(1_000_000);

describe('an entity naming a 1 MB instance', () => {
  const entity = annotated(
    'big-instance',
    Array.from({ length: 11 }, (_, i) => `p${i}`).join(','),
    Array.from({ length: 101 }, (_, i) => `s${i}`).join(','),
  );
  entity.metadata.annotations!['kargo.akuity.io/instance'] = INSTANCE;
  const { backend } = useReliabilityBackend({
    entities: [entity],
    refresh: false,
  });
  beforeAll(() => backend().decide(() => AuthorizeResult.DENY));

  it('reads the default instance for an entity naming a 1 MB instance, and never echoes it', async () => {
    const res = await getKargo(
      backend(),
      '/entities/component/default/big-instance/stages',
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.errors).toHaveLength(12);
    expect(
      res.body.errors.every(
        (e: { instance: string }) => e.instance === 'sandbox',
      ),
    ).toBe(true);
    // It was 22 MB.
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(10_000);
  });
});
