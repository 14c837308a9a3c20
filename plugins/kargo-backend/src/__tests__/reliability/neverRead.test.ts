import type request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  ENTITY,
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  USER,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import {
  annotated,
  CHECKOUT_ONLY,
  getKargo,
  serviceHeader,
} from './__testUtils__/callers';

// Issue 35, finding 5, for a project whose first read failed: its Stages
// are not known, so kargo.stage.read cannot be decided per Stage. A caller
// whom the policy allows nothing there gets the answer of a project that
// does not exist (not the 503 "not read yet", which says that it exists);
// a caller who may be allowed some Stage of it is told why it is missing.
jest.setTimeout(60_000);

const ALLOW = AuthorizeResult.ALLOW;
const DENY = AuthorizeResult.DENY;
const ADMISSION =
  'admission webhook "policy.internal-gatekeeper.corp.example" denied the request';

describe('a project never read', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const alice = () => mockCredentials.user(USER);
  const get = (path: string) => getKargo(backend, path);
  /** Status and body of an answer, the asked-for name made neutral. */
  const shape = (res: request.Response, name: string) => ({
    status: res.status,
    body: JSON.stringify({ ...res.body, request: undefined }).replaceAll(
      name,
      '<name>',
    ),
  });
  const checkoutOnly = () => {
    backend.decide((_permission, ref) =>
      ref?.startsWith('sandbox/checkout/') ? ALLOW : DENY,
    );
    backend.decideConditional(() => CHECKOUT_ONLY);
  };

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    // Polling reads each project's namespace: payments fails alone, from
    // its first read on.
    sandbox.faults.set({
      path: /\/namespaces\/payments\//,
      status: 403,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code: 403,
        reason: 'Forbidden',
        message: ADMISSION,
      },
    });
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox, 1, 'poll'),
      entities: [
        ENTITY,
        annotated('payments-api', 'payments'),
        annotated('nope-api', 'nope'),
      ],
    });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
  });
  beforeEach(() => {
    backend.decide(() => ALLOW);
    backend.decideConditional(() => undefined);
  });

  it('the Stage list answers a caller allowed nothing of it like a project that does not exist, and tells one who may read it that it is not read yet', async () => {
    checkoutOnly();
    const denied = await get('/projects/payments/stages');
    expect(denied.status).toBe(404);
    expect(shape(denied, 'payments')).toEqual(
      shape(await get('/projects/nope/stages'), 'nope'),
    );

    backend.decide(() => ALLOW);
    backend.decideConditional(() => undefined);
    const allowed = await get('/projects/payments/stages');
    expect(allowed.status).toBe(503);
    expect(allowed.body.error.message).not.toContain('internal-gatekeeper');
  });

  it('the entity route says of it what it says of a project that does not exist, to a caller allowed nothing of it', async () => {
    checkoutOnly();
    const errorsOf = async (entity: string) =>
      (await get(`/entities/component/default/${entity}/stages`)).body.errors;
    const denied = await errorsOf('payments-api');
    expect(JSON.stringify(denied).replaceAll('payments', '<name>')).toEqual(
      JSON.stringify(await errorsOf('nope-api')).replaceAll('nope', '<name>'),
    );
  });

  // Attack 3 on issue 35: /snapshot listed every never-read project in
  // `incompleteProjects` (and the instance's error) to any service, scoped
  // or not; security.md says it names only projects with a readable Stage.
  it('/snapshot names it (incomplete) to the catalog module only, not to a service allowed nothing', async () => {
    const snapshotAs = async (subject: string) =>
      (await getKargo(backend, '/snapshot', serviceHeader(subject))).body;
    const stranger = await snapshotAs('external:stranger');
    expect(stranger.instances[0].projects).toEqual([]);
    expect(JSON.stringify(stranger)).not.toContain('payments');
    const catalog = await snapshotAs('plugin:catalog');
    expect(catalog.instances[0].incompleteProjects).toEqual(['payments']);
  });

  it('MCP list-stages tells why it is missing only to who may read some Stage of it', async () => {
    checkoutOnly();
    const denied = await backend.invoke('list-stages', {}, alice());
    expect(denied.stages.length).toBeGreaterThan(0);
    expect(JSON.stringify(denied)).not.toMatch(/payments|internal-gatekeeper/);

    backend.decide(() => ALLOW);
    backend.decideConditional(() => undefined);
    const allowed = await backend.invoke('list-stages', {}, alice());
    expect(allowed.problems).toEqual([
      expect.stringContaining('Project sandbox/payments:'),
    ]);
  });
});
