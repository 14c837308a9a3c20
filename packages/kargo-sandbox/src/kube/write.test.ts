import { startSandbox, Sandbox } from '../sandbox';
import { DEMO_TOKENS } from './auth';
import { ADMIN, call, STAGE_YAML } from '../__testUtils__/http';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const STAGES = '/apis/kargo.akuity.io/v1alpha1/namespaces/shop/stages';

describe('Kubernetes API writes', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({
      fixtures: false,
      tokens: DEMO_TOKENS,
      controller: false,
      // Kubernetes semantics alone: Kargo's webhooks are tested in kargoApi/.
      admissionWebhooks: false,
    });
    sandbox.load(STAGE_YAML);
  });
  afterEach(() => sandbox.stop());

  it('merge-patches annotations without bumping generation; spec changes bump it', async () => {
    const patched = await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: {
        metadata: { annotations: { 'kargo.akuity.io/reverify': 'abc' } },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.metadata.annotations).toEqual({
      'kargo.akuity.io/reverify': 'abc',
    });
    expect(patched.body.metadata.generation).toBe(1);
    const json = await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/json-patch+json',
      body: [{ op: 'add', path: '/spec/shard', value: 'east' }],
    });
    expect(json.body.spec.shard).toBe('east');
    expect(json.body.metadata.generation).toBe(2);
    expect(Number(json.body.metadata.resourceVersion)).toBeGreaterThan(
      Number(patched.body.metadata.resourceVersion),
    );
  });

  it('lists every write at once, though LIST pages reuse serialised objects', async () => {
    const list = async () => (await call(sandbox, 'GET', STAGES, { token: ADMIN })).body;
    const before = await list();
    await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { tier: 'gold' } } },
    });
    const after = await list();
    const dev = after.items.find((s: any) => s.metadata.name === 'dev');
    expect(dev.metadata.labels).toEqual({ tier: 'gold' });
    expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));

    await call(sandbox, 'DELETE', `${STAGES}/dev`, { token: ADMIN });
    const names = (await list()).items.map((s: any) => s.metadata.name);
    expect(names).not.toContain('dev');
    expect(names).toHaveLength(before.items.length - 1);
  });

  it('answers 409 Conflict to a write carrying a stale resourceVersion', async () => {
    const dev = (await call(sandbox, 'GET', `${STAGES}/dev`, { token: ADMIN }))
      .body;
    await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { x: 'y' } } },
    });
    const put = await call(sandbox, 'PUT', `${STAGES}/dev`, {
      token: ADMIN,
      body: dev,
    });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Conflict',
      code: 409,
    });
    expect(put.body.message).toContain('the object has been modified');
    const patch = await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: {
        metadata: {
          resourceVersion: dev.metadata.resourceVersion,
          annotations: { a: 'b' },
        },
      },
    });
    expect(patch.status).toBe(409);
  });

  it('rejects a schema violation with 422 naming the field', async () => {
    const created = await call(sandbox, 'POST', STAGES, {
      token: ADMIN,
      body: {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Stage',
        metadata: { name: 'x' },
        spec: {},
      },
    });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({ reason: 'Invalid', code: 422 });
    expect(created.body.message).toBe(
      'Stage.kargo.akuity.io "x" is invalid: spec.requestedFreight: Required value',
    );
    const badEnum = await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: {
        spec: {
          requestedFreight: [
            {
              origin: { kind: 'Bucket', name: 'x' },
              sources: { direct: true },
            },
          ],
        },
      },
    });
    expect(badEnum.status).toBe(422);
    expect(badEnum.body.message).toContain(
      'spec.requestedFreight[0].origin.kind: Unsupported value: "Bucket"',
    );
  });

  it('prunes unknown fields with a warning, or rejects them when strict', async () => {
    const body = {
      spec: {
        requestedFreight: [
          {
            origin: { kind: 'Warehouse', name: 'shop' },
            sources: { direct: true },
          },
        ],
        bogus: 1,
      },
    };
    const warn = await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body,
    });
    expect(warn.status).toBe(200);
    expect(warn.body.spec.bogus).toBeUndefined();
    expect(warn.headers.get('warning')).toContain(
      'unknown field \\"spec.bogus\\"',
    );
    const strict = await call(
      sandbox,
      'PATCH',
      `${STAGES}/dev?fieldValidation=Strict`,
      { token: ADMIN, contentType: 'application/merge-patch+json', body },
    );
    expect(strict.status).toBe(400);
    expect(strict.body.message).toContain('unknown field "spec.bogus"');
  });

  it('creates, keeps status out of the main resource, and deletes', async () => {
    const stage = {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: { name: 'uat' },
      spec: {
        requestedFreight: [
          {
            origin: { kind: 'Warehouse', name: 'shop' },
            sources: { direct: true },
          },
        ],
      },
      status: { freightSummary: 'x' },
    };
    const created = await call(sandbox, 'POST', STAGES, {
      token: ADMIN,
      body: stage,
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBeUndefined();
    expect(
      (await call(sandbox, 'POST', STAGES, { token: ADMIN, body: stage })).body,
    ).toMatchObject({ reason: 'AlreadyExists', code: 409 });
    const status = await call(sandbox, 'PATCH', `${STAGES}/uat/status`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: { status: { freightSummary: 'y' } },
    });
    expect(status.body.status).toEqual({ freightSummary: 'y' });
    expect(
      (await call(sandbox, 'DELETE', `${STAGES}/uat`, { token: ADMIN })).status,
    ).toBe(200);
    expect(
      (await call(sandbox, 'GET', `${STAGES}/uat`, { token: ADMIN })).status,
    ).toBe(404);
  });
});
