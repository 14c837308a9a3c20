import {
  getKargo,
  PROBES,
  paymentsHidden,
  neutral,
  PROBE_STAGES,
} from '../__tests__/reliability/__testUtils__/callers';
import { useReliabilityBackend } from '../__tests__/reliability/__testUtils__/suite';

// Issue 35, attack 18: the entity route as an existence oracle. Any
// signed-in user who may register a catalog entity (Backstage's default)
// annotates it with a project name and reads the entity's Kargo Stages; a
// missing project was answered `stale: true`, a hidden one `stale: false`.
jest.setTimeout(60_000);

describe('entity route: a hidden project vs. no such project', () => {
  const { backend } = useReliabilityBackend({ entities: PROBES });
  const get = (path: string) => getKargo(backend(), path);

  it('answers an entity naming a project the caller may not read exactly as one naming a project that does not exist', async () => {
    // The caller may read nothing of payments.
    backend().decide(paymentsHidden);
    const hidden = await get(PROBE_STAGES.hidden);
    const missing = await get(PROBE_STAGES.missing);
    expect(hidden.status).toBe(200);
    expect(missing.status).toBe(200);
    // The whole answer (errors, stale, lastUpdated, signal channels) but the
    // name: before, `stale` was false for payments and true for the other.
    expect(neutral(hidden, 'payments')).toEqual(
      neutral(missing, 'no-such-project'),
    );
    expect(hidden.body).toMatchObject({ items: [], stale: false });
    expect(hidden.body.errors).toHaveLength(1);
  });
});
