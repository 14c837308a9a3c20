import request from 'supertest';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { spec } from '../../schema/openapi/generated/router';
import type {
  EntityStagesResponse,
  StageListResponse,
} from '@kargo-backstage/plugin-kargo-common';
import {
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import {
  stageWriteState,
  writesReceived,
} from '@kargo-backstage/kargo-sandbox';

// Backend start-up on a shared, loaded machine can take several seconds.
jest.setTimeout(45_000);

const REVERIFY = '/api/kargo/projects/checkout/stages/staging/reverify';
// payments/test has a really Running verification, so abort is allowed there.
const ABORT = '/api/kargo/projects/payments/stages/test/abort-verification';

const denyOnly = (denied: string) => (permission: string) =>
  permission === denied ? AuthorizeResult.DENY : AuthorizeResult.ALLOW;

describe('authorization', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeAll(async () => {
    // No simulated controller: nothing changes the sandbox but our requests.
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({ sandbox });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });
  beforeEach(() => {
    backend.decide(() => AuthorizeResult.ALLOW);
    sandbox.faults.resetCounts();
  });

  it.each([
    ['GET', '/api/kargo/projects/checkout/stages'],
    ['GET', '/api/kargo/projects/checkout/stages/staging'],
    ['GET', '/api/kargo/projects/checkout/analysis-runs/any-run'],
    ['GET', '/api/kargo/entities/component/default/checkout-service/stages'],
    ['GET', '/api/kargo/snapshot'],
    ['POST', REVERIFY],
    ['POST', ABORT],
  ])('answers 401 to %s %s without credentials', async (method, path) => {
    const before = stageWriteState(sandbox, 'checkout', 'staging');
    const res = await request(backend.server)[
      method === 'GET' ? 'get' : 'post'
    ](path);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(writesReceived(sandbox)).toEqual([]);
    expect(stageWriteState(sandbox, 'checkout', 'staging')).toEqual(before);
  });

  // Every route of the OpenAPI document, so a route added later is covered.
  const PARAMS: Record<string, string> = {
    project: 'checkout',
    stage: 'staging',
    name: 'checkout-service',
    promotion: 'some-promotion',
    kind: 'component',
    namespace: 'default',
  };
  const everyRoute = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map(
      method =>
        [
          method.toUpperCase(),
          `/api/kargo${path.replace(/\{(\w+)\}/g, (_, p) => PARAMS[p])}`,
        ] as const,
    ),
  );

  it('answers 401 on every route of its OpenAPI document but /health to a caller without credentials, writing nothing', async () => {
    const before = stageWriteState(sandbox, 'checkout', 'staging');
    const answers = await Promise.all(
      everyRoute.map(async ([method, path]) => {
        const res = await request(backend.server)[
          method === 'GET' ? 'get' : 'post'
        ](path);
        return `${method} ${path} ${res.status}`;
      }),
    );
    expect(answers).toEqual(
      everyRoute.map(
        ([method, path]) =>
          `${method} ${path} ${path === '/api/kargo/health' ? 200 : 401}`,
      ),
    );
    expect(answers.length).toBeGreaterThan(15);
    expect(writesReceived(sandbox)).toEqual([]);
    expect(stageWriteState(sandbox, 'checkout', 'staging')).toEqual(before);
  });

  it('answers a Stage read denied by kargo.stage.read exactly like a missing Stage, and hides it from lists', async () => {
    backend.decide(denyOnly('kargo.stage.read'));
    const detail = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', userHeader());
    expect(detail.status).toBe(404);
    expect(JSON.stringify(detail.body)).not.toContain('verifications');

    const list = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages')
      .set('Authorization', userHeader());
    expect(list.status).toBe(404);
    expect((list.body as StageListResponse).items).toBeUndefined();

    const entity = await request(backend.server)
      .get('/api/kargo/entities/component/default/checkout-service/stages')
      .set('Authorization', userHeader());
    expect((entity.body as EntityStagesResponse).items).toEqual([]);
  });

  it('answers an AnalysisRun read of a denied Stage like a missing run', async () => {
    const staging = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', userHeader());
    const run = (
      staging.body.verifications as Array<{
        analysisRun: { name: string } | null;
      }>
    ).find(v => v.analysisRun)!.analysisRun!.name;
    backend.decide(denyOnly('kargo.stage.read'));
    const res = await request(backend.server)
      .get(`/api/kargo/projects/checkout/analysis-runs/${run}`)
      .set('Authorization', userHeader());
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('metricResults');
  });

  it.each([
    ['kargo.stage.reverify', REVERIFY, 'checkout', 'staging'],
    ['kargo.stage.abort', ABORT, 'payments', 'test'],
  ])(
    'answers 403 when %s is denied and writes nothing',
    async (permission, path, project, stage) => {
      backend.decide(denyOnly(permission));
      const before = stageWriteState(sandbox, project, stage);
      const res = await request(backend.server)
        .post(path)
        .set('Authorization', userHeader());
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain(permission);
      expect(writesReceived(sandbox)).toEqual([]);
      expect(stageWriteState(sandbox, project, stage)).toEqual(before);
    },
  );

  it('writes when allowed (the comparison above would see a write)', async () => {
    const before = stageWriteState(sandbox, 'payments', 'test');
    const res = await request(backend.server)
      .post(ABORT)
      .set('Authorization', userHeader());
    expect(res.status).toBe(202);
    const after = stageWriteState(sandbox, 'payments', 'test');
    expect(after).not.toEqual(before);
    // The Kubernetes fallback: Kargo's webhook records the token's identity.
    expect(JSON.parse(after.annotations['kargo.akuity.io/abort'])).toEqual({
      id: res.body.id,
      actor: 'kubernetes:kubernetes-admin',
    });
    expect(writesReceived(sandbox).map(r => r.method)).toEqual(['PATCH']);
  });
});
