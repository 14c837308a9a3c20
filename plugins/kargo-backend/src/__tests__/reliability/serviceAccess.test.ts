import type request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { JsonValue } from '@backstage/types';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { readServiceScopes } from '../../permissions/serviceAccess';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import { getKargo, serviceHeader, withServices } from './__testUtils__/callers';

// Issue 35, finding 2: Backstage's permission client allows every service
// principal (the harness does the same), so a static token read every
// project and `raw`. Services now read only what kargo.access.services says.
jest.setTimeout(60_000);

const service = (subject: string) =>
  mockCredentials.service(`external:${subject}`);
const header = (subject: string) => serviceHeader(`external:${subject}`);
const catalogHeader = () => serviceHeader('plugin:catalog');

describe('service principals read only their configured projects', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const get = (path: string, auth: string) => getKargo(backend, path, auth);
  const neutral = (res: request.Response, name: string) => ({
    status: res.status,
    body: JSON.stringify({ ...res.body, request: undefined }).replaceAll(
      name,
      '<name>',
    ),
  });
  async function aRunOf(project: string, stage: string): Promise<string> {
    const res = await get(
      `/projects/${project}/stages/${stage}`,
      header('auditor'),
    );
    return res.body.verifications.find((v: any) => v.analysisRun).analysisRun
      .name;
  }

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({
      sandbox,
      config: withServices(kargoConfig(sandbox), [
        { subject: 'external:scripts', projects: ['checkout'] },
        { subject: 'external:auditor', projects: ['*'], raw: true },
      ]),
    });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('an unscoped service token reads nothing, answered as if no project existed', async () => {
    const stranger = header('stranger');
    const list = await get('/projects/checkout/stages', stranger);
    expect(list.status).toBe(404);
    expect(neutral(list, 'checkout')).toEqual(
      neutral(await get('/projects/nope/stages', stranger), 'nope'),
    );
    const stage = await get('/projects/checkout/stages/staging', stranger);
    expect(neutral(stage, 'checkout')).toEqual(
      neutral(await get('/projects/nope/stages/staging', stranger), 'nope'),
    );
    const run = await aRunOf('checkout', 'staging');
    expect(
      (await get(`/projects/checkout/analysis-runs/${run}`, stranger)).status,
    ).toBe(404);
    const entity = await get(
      '/entities/component/default/checkout-service/stages',
      stranger,
    );
    expect(entity.body.items).toEqual([]);
    const snapshot = await get('/snapshot', stranger);
    expect(snapshot.body.instances[0]).toMatchObject({
      projects: [],
      stages: [],
    });
    // The MCP tools as well.
    expect(
      await backend.invoke('list-stages', {}, service('stranger')),
    ).toEqual({ stages: [], total: 0, problems: [] });
    await expect(
      backend.invoke(
        'get-stage',
        { project: 'checkout', stage: 'staging' },
        service('stranger'),
      ),
    ).rejects.toThrow("Stage 'staging' not found");
  });

  it('a scoped service reads its projects only, without raw', async () => {
    const scripts = header('scripts');
    expect((await get('/projects/checkout/stages', scripts)).status).toBe(200);
    const payments = await get('/projects/payments/stages', scripts);
    expect(neutral(payments, 'payments')).toEqual(
      neutral(await get('/projects/nope/stages', scripts), 'nope'),
    );
    const run = await aRunOf('checkout', 'staging');
    const plain = await get(`/projects/checkout/analysis-runs/${run}`, scripts);
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('raw');
    const listed = await backend.invoke('list-stages', {}, service('scripts'));
    expect(
      new Set(listed.stages.map((s: { project: string }) => s.project)),
    ).toEqual(new Set(['checkout']));
    const snapshot = await get('/snapshot', scripts);
    expect(snapshot.body.instances[0].projects).toEqual(['checkout']);
  });

  it('raw only to a service configured with raw: true', async () => {
    const run = await aRunOf('checkout', 'staging');
    const full = await get(
      `/projects/checkout/analysis-runs/${run}`,
      header('auditor'),
    );
    expect(full.body.raw).toMatchObject({ kind: 'AnalysisRun' });
  });

  it('the catalog module reads /snapshot (every project) and nothing else by default', async () => {
    const snapshot = await get('/snapshot', catalogHeader());
    expect(snapshot.body.instances[0].projects).toEqual([
      'checkout',
      'payments',
    ]);
    expect(
      (await get('/projects/checkout/stages', catalogHeader())).status,
    ).toBe(404);
  });

  it('reads kargo.access.services once, refusing a malformed entry', () => {
    const read = (services: JsonValue) =>
      readServiceScopes(new ConfigReader({ kargo: { access: { services } } }));
    expect(read([{ subject: 'external:a', projects: ['x'] }])).toEqual([
      { subject: 'external:a', projects: ['x'], raw: false },
    ]);
    expect(() => read([{ subject: 'a b', projects: ['x'] }])).toThrow(
      /subject must be a principal subject/,
    );
    expect(() => read([{ subject: 'external:a', projects: ['../x'] }])).toThrow(
      /neither a Kargo project name nor/,
    );
    expect(() =>
      read([
        { subject: 'external:a', projects: ['x'] },
        { subject: 'external:a', projects: ['y'] },
      ]),
    ).toThrow(/listed twice/);
  });
});
