import request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  USER,
  userHeader,
  type Decision,
  type ReliabilityBackend,
} from './__testUtils__/harness';

// Issue 35: the side doors of the reads. The MCP tools and the single-Stage
// route answer a caller denied kargo.stage.read on a project exactly as if
// the project did not exist, and say nothing of its errors.
jest.setTimeout(60_000);

const ALLOW = AuthorizeResult.ALLOW;
const DENY = AuthorizeResult.DENY;

/** What a caller sees of a failed tool call, with the asked-for name made neutral. */
async function toolAnswer(call: Promise<unknown>, name: string) {
  try {
    return { output: await call };
  } catch (error) {
    const e = error as Error & { code?: string; params?: unknown };
    const neutral = (text: string) => text.replaceAll(name, '<name>');
    return {
      name: e.name,
      message: neutral(e.message),
      code: e.code,
      params: neutral(JSON.stringify(e.params ?? null)),
    };
  }
}

describe('side doors of the reads', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const alice = () => mockCredentials.user(USER);

  const get = (path: string) =>
    request(backend.server)
      .get(`/api/kargo${path}`)
      .set('Authorization', userHeader());
  const denyReadOn =
    (...refs: string[]) =>
    (permission: string, ref?: string): Decision =>
      permission.startsWith('kargo.') && refs.some(r => ref?.startsWith(r))
        ? DENY
        : ALLOW;
  /** Status and error of an answer, the asked-for name made neutral. */
  const shape = (res: request.Response, name: string) => ({
    status: res.status,
    body: JSON.stringify({ ...res.body, request: undefined }).replaceAll(
      name,
      '<name>',
    ),
  });

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    // Polling reads each project's namespace: one project can fail alone.
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox, 1, 'poll'),
    });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });
  beforeEach(() => {
    backend.decide(() => ALLOW);
    sandbox.faults.clear();
    sandbox.faults.resetCounts();
  });

  it('the single-Stage route answers a Stage of a project the caller may not read exactly like one of no such project', async () => {
    backend.decide(denyReadOn('sandbox/payments/'));
    const denied = await get('/projects/payments/stages/qa');
    const missing = await get('/projects/nope/stages/qa');
    expect(denied.status).toBe(404);
    expect(shape(denied, 'payments')).toEqual(shape(missing, 'nope'));
    // And like a missing Stage of a readable project.
    const missingStage = await get('/projects/checkout/stages/qa');
    expect(shape(denied, 'payments')).toEqual(shape(missingStage, 'checkout'));
  });

  it('MCP get-stage answers a Stage of a project the caller may not read exactly like one of no such project', async () => {
    backend.decide(denyReadOn('sandbox/payments/'));
    const ask = (project: string) =>
      toolAnswer(
        backend.invoke('get-stage', { project, stage: 'qa' }, alice()),
        project,
      );
    const denied = await ask('payments');
    expect(denied).toMatchObject({
      name: 'NotFoundError',
      message: expect.stringContaining("Stage 'qa' not found"),
    });
    expect(denied).toEqual(await ask('nope'));
    expect(denied).toEqual(await ask('checkout')); // checkout has no Stage qa
  });

  it('MCP list-stages names no project and no error of a project the caller may not read', async () => {
    const admission = {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      code: 403,
      reason: 'Forbidden',
      message:
        'admission webhook "policy.internal-gatekeeper.corp.example" denied the request',
    };
    sandbox.faults.set({
      path: /\/namespaces\/checkout\//,
      status: 403,
      body: admission,
    });
    await backend.refresh();
    try {
      // Who may read checkout is told why it is stale.
      const allowed = await backend.invoke('list-stages', {}, alice());
      expect(JSON.stringify(allowed.problems)).toContain('checkout');

      backend.decide(denyReadOn('sandbox/checkout/'));
      const denied = await backend.invoke('list-stages', {}, alice());
      expect(denied.stages.length).toBeGreaterThan(0);
      expect(denied.problems).toEqual([]);
      expect(JSON.stringify(denied)).not.toMatch(
        /checkout|internal-gatekeeper/,
      );
      // Asked for that project by name: the answer of a project that does not exist.
      const named = await backend.invoke(
        'list-stages',
        { project: 'checkout' },
        alice(),
      );
      const none = await backend.invoke(
        'list-stages',
        { project: 'nope' },
        alice(),
      );
      expect(named).toEqual(none);
    } finally {
      sandbox.faults.clear();
      await backend.refresh();
    }
  });

  it("MCP list-stages tells an instance's error only to who may read some Stage of it", async () => {
    sandbox.faults.set({
      path: /\/apis\/kargo\.akuity\.io\//,
      status: 403,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code: 403,
        message:
          'stages.kargo.akuity.io is forbidden: User "system:serviceaccount:kargo:reader" cannot list',
      },
    });
    await backend.refresh();
    try {
      backend.decide(denyReadOn('sandbox/'));
      const denied = await backend.invoke('list-stages', {}, alice());
      expect(denied).toEqual({ stages: [], total: 0, problems: [] });
    } finally {
      sandbox.faults.clear();
      await backend.refresh();
    }
  });
});
