import { mockCredentials } from '@backstage/backend-test-utils';
import request from 'supertest';
import { startAuthorizeReadsBackend } from '../../__testUtils__/authorizeReads';
import type { KargoTestBackend } from '../../__testUtils__/backend';

// The closing attack on issue 35 (write side doors). Each `it` asserts the safe
// behaviour, and failed before the write pipeline checked reads.
jest.setTimeout(90_000);

const KARGO_HEADER = 'Backstage-Kargo-Authorization';

describe('write routes under api.authorizeReads answer a Stage the person may not read as a missing one (bob may not read payments in Kargo)', () => {
  let backend: KargoTestBackend;
  let bob: string;
  const as = (who: string) =>
    mockCredentials.user.header(`user:default/${who}`);

  let stop: () => Promise<void>;
  beforeAll(async () => {
    const started = await startAuthorizeReadsBackend({
      services: [
        { subject: 'narrow-writer', projects: ['checkout'], write: true },
      ],
    });
    ({ backend, stop } = started);
    bob = started.tokens.bob;
  });
  afterAll(() => stop());

  const post = (path: string, body: object) =>
    request(backend.server)
      .post(`/api/kargo${path}`)
      .set('Authorization', as('bob'))
      .set(KARGO_HEADER, `Bearer ${bob}`)
      .send(body);

  const shape = (res: request.Response, ...names: string[]) => {
    let text = JSON.stringify({
      status: res.status,
      name: res.body?.error?.name,
      message: res.body?.error?.message,
      code: res.body?.code ?? res.body?.error?.code,
    });
    for (const n of names) text = text.replaceAll(n, '<x>');
    return text;
  };

  const routes: Array<[string, (p: string, s: string) => [string, object]]> = [
    ['reverify', (p, s) => [`/projects/${p}/stages/${s}/reverify`, {}]],
    [
      'abort-verification',
      (p, s) => [`/projects/${p}/stages/${s}/abort-verification`, {}],
    ],
    [
      'promote',
      (p, s) => [
        `/projects/${p}/stages/${s}/promote`,
        { freight: 'no-such-freight' },
      ],
    ],
    [
      'approve',
      (p, s) => [
        `/projects/${p}/stages/${s}/approve`,
        { freight: 'no-such-freight' },
      ],
    ],
    [
      'promotions/abort',
      (p, s) => [
        `/projects/${p}/stages/${s}/promotions/no-such-promo/abort`,
        {},
      ],
    ],
    ['refresh', (p, s) => [`/projects/${p}/stages/${s}/refresh`, {}]],
    [
      'refresh-warehouses',
      (p, s) => [`/projects/${p}/stages/${s}/refresh-warehouses`, {}],
    ],
    [
      'pull-requests/close',
      (p, s) => [
        `/projects/${p}/stages/${s}/pull-requests/close`,
        { repoUrl: 'https://github.com/example/nope', number: 1 },
      ],
    ],
  ];

  it.each(routes)(
    '%s: a Stage bob may not read (Kargo says no) answers like a missing project',
    async (_name, route) => {
      const [deniedPath, deniedBody] = route('payments', 'uat');
      const [missingPath, missingBody] = route('nope', 'uat');
      const denied = await post(deniedPath, deniedBody);
      const missing = await post(missingPath, missingBody);
      expect(shape(denied, 'payments')).toEqual(shape(missing, 'nope'));
    },
  );

  it('a service scoped to checkout (write: true) cannot write to payments', async () => {
    const res = await request(backend.server)
      .post('/api/kargo/projects/payments/stages/uat/reverify')
      .set(
        'Authorization',
        mockCredentials.service.header({
          onBehalfOf: mockCredentials.service('narrow-writer'),
          targetPluginId: 'kargo',
        }),
      )
      .send({});
    const read = await request(backend.server)
      .get('/api/kargo/projects/payments/stages/uat')
      .set(
        'Authorization',
        mockCredentials.service.header({
          onBehalfOf: mockCredentials.service('narrow-writer'),
          targetPluginId: 'kargo',
        }),
      );
    expect(read.status).toBe(404);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('stageNotFound');
  });
});

// The final attack on issue 35: the read routes that call Kargo's API as the
// person (links, verification logs) under the same gate.
describe('Kargo-calling read routes under api.authorizeReads answer a Stage the person may not read as a missing one', () => {
  let backend: KargoTestBackend;
  let tokens: { alice: string; bob: string };
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const started = await startAuthorizeReadsBackend();
    ({ backend, stop, tokens } = started);
  });
  afterAll(() => stop());

  const get = (who: 'alice' | 'bob', path: string) =>
    request(backend.server)
      .get(`/api/kargo${path}`)
      .set('Authorization', mockCredentials.user.header(`user:default/${who}`))
      .set(KARGO_HEADER, `Bearer ${tokens[who]}`);
  const shape = (res: request.Response, name: string) =>
    JSON.stringify({ status: res.status, error: res.body?.error }).replaceAll(
      name,
      '<x>',
    );

  it('links: bob gets for payments what he gets for a project that does not exist', async () => {
    const denied = await get('bob', '/projects/payments/stages/uat/links');
    const missing = await get('bob', '/projects/nope/stages/uat/links');
    expect(denied.status).toBe(404);
    expect(shape(denied, 'payments')).toEqual(shape(missing, 'nope'));
    // alice, whom Kargo lets read payments, gets them.
    expect(
      (await get('alice', '/projects/payments/stages/uat/links')).status,
    ).toBe(200);
  });

  it('verification logs: bob gets for a payments run what he gets for a run of no project', async () => {
    const stages = await get('alice', '/projects/payments/stages');
    expect(stages.status).toBe(200);
    let run: string | undefined;
    for (const { name } of stages.body.items as Array<{ name: string }>) {
      const detail = await get('alice', `/projects/payments/stages/${name}`);
      run ??= detail.body.verifications?.find((v: any) => v.analysisRun?.name)
        ?.analysisRun?.name;
    }
    expect(run).toBeDefined();
    const denied = await get(
      'bob',
      `/projects/payments/analysis-runs/${run}/logs`,
    );
    const missing = await get(
      'bob',
      `/projects/nope/analysis-runs/${run}/logs`,
    );
    expect(denied.status).toBe(404);
    expect(shape(denied, 'payments')).toEqual(shape(missing, 'nope'));
  });
});
