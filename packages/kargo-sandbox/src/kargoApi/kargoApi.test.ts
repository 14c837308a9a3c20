import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { DEMO_TOKENS, SANDBOX_KARGO_API_TOKEN } from '../kube/auth';
import { Sandbox, startSandbox } from '../sandbox';
import { KargoContract, loadKargoContract } from './__testUtils__/contract';
import { signIn } from './__testUtils__/oidcLogin';

jest.setTimeout(60_000);

const ADMIN = 'sandbox-admin-token';

describe('the Kargo API of the sandbox', () => {
  let sandbox: Sandbox;
  let contract: KargoContract;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ tokens: DEMO_TOKENS, stepDelayMs: 60_000 });
    contract = await loadKargoContract();
    alice = (await signIn(sandbox.oidcIssuer, 'alice@example.com', 'alice')).id_token;
    bob = (await signIn(sandbox.oidcIssuer, 'bob@example.com', 'bob')).id_token;
  });
  afterAll(() => sandbox?.stop());
  beforeEach(() => sandbox.kargoApi.reset());

  const api = (method: string, path: string, init?: { token?: string; body?: unknown }) =>
    contract.call(sandbox.kargoApiUrl, method, `/v1beta1${path}`, init);

  const kube = async (path: string, init: RequestInit = {}, token = ADMIN) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers as any) },
    });
    return { status: res.status, body: await res.json() };
  };
  const promotions = async (ns: string) =>
    (await kube(`/apis/kargo.akuity.io/v1alpha1/namespaces/${ns}/promotions`)).body.items as any[];

  /** A Freight the Stage may take (verified upstream), read through the Kubernetes API. */
  const availableFreight = async (ns: string, upstream: string) => {
    const freights = (await kube(`/apis/kargo.akuity.io/v1alpha1/namespaces/${ns}/freights`)).body.items as any[];
    return freights.find(f => f.status?.verifiedIn?.[upstream])!.metadata.name as string;
  };

  it('tells clients the issuer and client ids without a token', async () => {
    const res = await api('GET', '/system/public-server-config');
    expect(res).toEqual({
      status: 200,
      body: {
        adminAccountEnabled: false,
        oidcConfig: {
          issuerUrl: sandbox.oidcIssuer,
          clientId: 'kargo',
          cliClientId: 'backstage',
          scopes: ['openid', 'profile', 'email', 'groups'],
        },
        skipAuth: false,
      },
    });
  });

  it('promotes as the signed-in person and records email:<user> as Kargo does', async () => {
    const freight = await availableFreight('checkout', 'dev');
    const before = (await promotions('checkout')).length;
    const res = await api('POST', '/projects/checkout/stages/staging/promotions', { token: alice, body: { freight } });
    expect(res.status).toBe(201);
    expect(res.body.metadata.name).toMatch(new RegExp(`^staging\\.[0-9a-z]{26}\\.${freight.slice(0, 7)}$`));
    expect(res.body.metadata.annotations['kargo.akuity.io/create-actor']).toBe('email:alice@example.com');
    expect(res.body.spec.steps.length).toBeGreaterThan(0);
    const stored = (await promotions('checkout')).find(p => p.metadata.name === res.body.metadata.name);
    expect(stored.metadata.annotations['kargo.akuity.io/create-actor']).toBe('email:alice@example.com');
    expect((await promotions('checkout')).length).toBe(before + 1);
    expect(sandbox.kargoApi.stats()).toMatchObject({ succeeded: 1, refused: 0, byEndpoint: { promote: { 201: 1 } } });
  });

  it("refuses bob with Kargo's words and writes nothing", async () => {
    const freight = await availableFreight('checkout', 'dev');
    const before = await promotions('checkout');
    const res = await api('POST', '/projects/checkout/stages/staging/promotions', { token: bob, body: { freight } });
    expect(res).toEqual({
      status: 403,
      body: { error: 'stages.kargo.akuity.io "staging" is forbidden: promote is not permitted' },
    });
    const reverify = await api('POST', '/projects/checkout/stages/staging/verification', { token: bob });
    expect(reverify).toEqual({
      status: 403,
      body: { error: 'patch annotation: stages.kargo.akuity.io "staging" is forbidden: patch is not permitted' },
    });
    expect(await promotions('checkout')).toEqual(before);
    const stage = await kube('/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/staging');
    expect(stage.body.metadata.annotations?.['kargo.akuity.io/reverify']).toBeUndefined();
    expect(sandbox.kargoApi.stats()).toMatchObject({ succeeded: 0, refused: 2 });
  });

  it('reverifies as the person: the request carries email:<user>', async () => {
    const before = await kube('/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/staging');
    const current = before.body.status.freightHistory[0].verificationHistory[0].id;
    const res = await api('POST', '/projects/checkout/stages/staging/verification', { token: alice });
    expect(res).toEqual({ status: 200, body: undefined });
    const stage = await kube('/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/staging');
    const request = JSON.parse(stage.body.metadata.annotations['kargo.akuity.io/reverify']);
    expect(request).toEqual({
      id: current,
      actor: 'email:alice@example.com',
      controlPlane: true,
    });
  });

  it('answers 401 with an opaque body for a missing, forged or expired token', async () => {
    const path = '/projects/checkout/stages/staging/verification';
    expect(await api('POST', path)).toEqual({ status: 401, body: { error: 'no token provided' } });
    const [h, p] = alice.split('.');
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    expect(await api('POST', path, { token: forged })).toEqual({ status: 401, body: { error: 'invalid token' } });
    expect(await api('POST', path, { token: 'no-such-token' })).toEqual({ status: 401, body: { error: 'invalid token' } });
    const short = await startSandbox({ tokens: DEMO_TOKENS, idTokenTtlSeconds: 1, controller: false });
    try {
      const expiring = (await signIn(short.oidcIssuer, 'alice@example.com', 'alice')).id_token;
      await new Promise(r => setTimeout(r, 2100));
      expect(await contract.call(short.kargoApiUrl, 'POST', `/v1beta1${path}`, { token: expiring })).toEqual({
        status: 401,
        body: { error: 'invalid token' },
      });
    } finally {
      await short.stop();
    }
  });

  it("lists a project's Stages to whom Kargo's RBAC lets list them, filtered by Warehouse after the check", async () => {
    const all = await api('GET', '/projects/checkout/stages', { token: bob });
    expect(all.status).toBe(200);
    const names = all.body.items.map((s: any) => s.metadata.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort());
    const warehouse = all.body.items
      .flatMap((s: any) => s.spec.requestedFreight ?? [])
      .find((r: any) => r.origin?.kind === 'Warehouse').origin.name;
    const direct = await api('GET', `/projects/checkout/stages?freightOrigins=${warehouse}`, { token: bob });
    expect(direct.body.items.map((s: any) => s.metadata.name)).toEqual(
      all.body.items
        .filter((s: any) => (s.spec.requestedFreight ?? []).some((r: any) => r.origin?.name === warehouse))
        .map((s: any) => s.metadata.name),
    );
    expect(direct.body.items.length).toBeGreaterThan(0);
    expect(await api('GET', '/projects/checkout/stages?freightOrigins=-', { token: bob })).toMatchObject({
      status: 200,
      body: { items: [] },
    });
    // A project nobody mapped bob's claims in: Kargo refuses before filtering.
    sandbox.load({ apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Project', metadata: { name: 'quiet' } });
    expect(await api('GET', '/projects/quiet/stages?freightOrigins=-', { token: bob })).toEqual({
      status: 403,
      body: { error: 'stages.kargo.akuity.io is forbidden: list is not permitted' },
    });
    expect(sandbox.kargoApi.reads().listStages).toEqual({ 200: 3, 403: 1 });
    expect(sandbox.kargoApi.stats().succeeded).toBe(0);
  });

  it("answers Kargo's 400 and 404 words", async () => {
    expect(
      await api('POST', '/projects/checkout/stages/staging/promotions', { token: alice, body: {} }),
    ).toEqual({ status: 400, body: { error: 'exactly one of freight, freightAlias, or origin must be provided' } });
    expect(
      await api('POST', '/projects/checkout/stages/nope/promotions', { token: alice, body: { freight: 'x' } }),
    ).toEqual({ status: 404, body: { error: 'Stage "nope" not found in project "checkout"' } });
    expect(
      await api('POST', '/projects/nope/stages/staging/verification', { token: alice }),
    ).toEqual({ status: 404, body: { error: 'projects.kargo.akuity.io "nope" not found' } });
  });

  it('acts for the portal token by RBAC, recording what Kargo records for a Kubernetes token', async () => {
    const freight = await availableFreight('checkout', 'dev');
    const res = await api('POST', '/projects/checkout/stages/staging/promotions', {
      token: SANDBOX_KARGO_API_TOKEN,
      body: { freight },
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata.annotations['kargo.akuity.io/create-actor']).toBe('unknown actor');
    // A token that is not a JWT is refused before Kubernetes is asked, as
    // Kargo does, though the sandbox's Kubernetes API knows it.
    expect(
      await api('POST', '/projects/checkout/stages/staging/promotions', { token: 'sandbox-reader-token', body: { freight } }),
    ).toEqual({ status: 401, body: { error: 'invalid token' } });
  });

  it("is the token the demo's app-config gives the portal (a JWT, so a real Kargo would take it too)", () => {
    const appConfig = readFileSync(resolvePath(__dirname, '../../../../app-config.yaml'), 'utf8');
    expect(appConfig).toContain(`token: \${KARGO_API_TOKEN:-${SANDBOX_KARGO_API_TOKEN}}`);
    expect(SANDBOX_KARGO_API_TOKEN.split('.')).toHaveLength(3);
  });

  it('records a direct Kubernetes write as the service account, as Kargo\'s webhooks do', async () => {
    const freight = await availableFreight('checkout', 'dev');
    const created = await kube('/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions', {
      method: 'POST',
      body: JSON.stringify({
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Promotion',
        metadata: { name: 'chosen-by-client', annotations: { 'kargo.akuity.io/create-actor': 'email:someone@else' } },
        spec: { stage: 'staging', freight },
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.metadata.name).toMatch(/^staging\./);
    expect(created.body.metadata.annotations['kargo.akuity.io/create-actor']).toBe(
      'kubernetes:system:serviceaccount:backstage:kargo-admin',
    );
    const patched = await kube('/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/dev', {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { annotations: { 'kargo.akuity.io/reverify': JSON.stringify({ id: 'x', actor: 'email:forged' }) } } }),
    });
    expect(JSON.parse(patched.body.metadata.annotations['kargo.akuity.io/reverify'])).toEqual({
      id: 'x',
      actor: 'kubernetes:system:serviceaccount:backstage:kargo-admin',
    });
    expect(contract.checked).toBeGreaterThan(10);
  });
});
