import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import request from 'supertest';
import {
  ALL_SECRETS,
  SECRETS,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';

// Backend start-up on a shared, loaded machine can take several seconds.
jest.setTimeout(45_000);

const serviceHeader = () =>
  mockCredentials.service.header({
    onBehalfOf: mockCredentials.service('plugin:catalog'),
    targetPluginId: 'kargo',
  });

describe('secrets never leave the backend', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  /** Every response: status line, headers and body, as a client would see them. */
  const seen: string[] = [];

  beforeAll(async () => {
    sandbox = await startSecretSandbox();
    backend = await startReliabilityBackend({ sandbox, requestTimeoutMs: 500 });
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  async function call(
    method: 'get' | 'post',
    path: string,
    auth: string | null = userHeader(),
    body?: string,
  ) {
    let req = request(backend.server)[method](`/api/kargo${path}`);
    if (auth) req = req.set('Authorization', auth);
    if (body !== undefined)
      req = req.set('Content-Type', 'application/json').send(body);
    const res = await req;
    seen.push(
      `${method} ${path} -> ${res.status} ${JSON.stringify(res.headers)} ${
        res.text
      }`,
    );
    return res;
  }

  /** Every route, happy and error paths. */
  async function driveEveryRoute() {
    const staging = await call('get', '/projects/checkout/stages/staging');
    const run =
      staging.body?.verifications?.find((v: any) => v.analysisRun)?.analysisRun
        ?.name ?? 'none';
    await call('get', '/projects/checkout/stages');
    await call('get', '/projects/payments/stages');
    for (const stage of ['dev', 'staging', 'prod'])
      await call('get', `/projects/checkout/stages/${stage}`);
    for (const stage of ['test', 'qa', 'uat', 'perf', 'prod'])
      await call('get', `/projects/payments/stages/${stage}`);
    await call('get', `/projects/checkout/analysis-runs/${run}`);
    await call('get', '/projects/checkout/analysis-runs/does-not-exist');
    await call('get', '/projects/nope/stages');
    await call('get', '/projects/checkout/stages/nope');
    await call('get', '/projects/checkout/stages?instance=nope');
    await call('get', '/projects/Bad/stages');
    await call('get', '/entities/component/default/checkout-service/stages');
    await call('get', '/entities/component/default/missing/stages');
    await call('get', '/snapshot', serviceHeader());
    await call('get', '/snapshot');
    await call('get', '/openapi.json');
    await call('get', '/health');
    await call('post', '/projects/checkout/stages/staging/reverify');
    await call('post', '/projects/checkout/stages/staging/reverify');
    await call('post', '/projects/checkout/stages/dev/abort-verification');
    await call(
      'post',
      '/projects/checkout/stages/staging/reverify',
      userHeader(),
      '{"id":',
    );
    await call('post', '/projects/checkout/stages/staging/reverify', null);
    await call(
      'post',
      '/projects/checkout/stages/staging/reverify',
      mockCredentials.none.header(),
    );
    await call('get', `/projects/checkout/analysis-runs/${run}/logs`);
    await call('get', '/projects/checkout/stages/staging/links');
    const json = (body: object) =>
      [userHeader(), JSON.stringify(body)] as const;
    await call(
      'post',
      '/projects/checkout/stages/staging/promote',
      ...json({ freight: 'no-such-freight' }),
    );
    await call(
      'post',
      '/projects/checkout/stages/staging/approve',
      ...json({ freight: 'no-such-freight' }),
    );
    await call('post', '/projects/checkout/stages/staging/refresh');
    await call('post', '/projects/checkout/stages/staging/refresh-warehouses');
    await call(
      'post',
      '/projects/checkout/stages/staging/promotions/no-such-promotion/abort',
    );
    await call(
      'post',
      '/projects/checkout/stages/prod/pull-requests/close',
      ...json({
        repoUrl: 'https://github.com/acme/checkout-deploy',
        number: 42,
      }),
    );
    await call(
      'post',
      '/projects/payments/stages/prod/pull-requests/close',
      ...json({
        repoUrl: 'https://gitlab.example.com/payments/deploy',
        number: 7,
        deleteBranch: true,
      }),
    );
    backend.decide(() => AuthorizeResult.DENY);
    await call('get', '/projects/checkout/stages/staging');
    await call('post', '/projects/payments/stages/test/abort-verification');
    backend.decide(() => AuthorizeResult.ALLOW);
  }

  it('keeps every configured token out of responses and logs, through faults', async () => {
    await backend.refresh();
    await driveEveryRoute();
    // Positive control: the tokens were in use (the sandbox accepts no other).
    expect(seen.some(s => s.includes('"name":"staging"'))).toBe(true);

    const faults: Array<() => void> = [
      () => sandbox.faults.set({ path: /^\/apis?\//, status: 401 }),
      () => sandbox.faults.set({ path: /^\/apis?\//, status: 403 }),
      () => sandbox.faults.set({ path: /^\/apis?\//, status: 500 }),
      () => sandbox.faults.set({ path: /^\/apis?\//, reset: true }),
      () => sandbox.faults.set({ path: /^\/apis?\//, hang: true }),
      () =>
        sandbox.git.setFault({
          provider: 'github',
          status: 401,
          body: { message: 'Bad credentials' },
        }),
      () => sandbox.git.setFault({ provider: 'github', status: 500 }),
      () =>
        sandbox.git.setFault({
          provider: 'github',
          status: 403,
          headers: {
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)),
          },
          body: { message: 'API rate limit exceeded' },
        }),
      () =>
        sandbox.git.setFault({
          provider: 'gitlab',
          status: 401,
          body: { message: '401 Unauthorized' },
        }),
      () => sandbox.faults.set({ path: /^\/gitlab\//, status: 502 }),
      () => sandbox.faults.set({ path: /^\/gitlab\//, reset: true }),
    ];
    for (const inject of faults) {
      inject();
      await backend.refresh();
      await driveEveryRoute();
      sandbox.faults.clear();
      sandbox.git.clearFaults();
    }

    // The error paths were really taken: failures were logged and answered.
    expect(
      backend.logs.lines.filter(l => l.startsWith('warn')).length,
    ).toBeGreaterThan(5);
    expect(seen.some(s => / -> 401 /.test(s))).toBe(true);
    expect(seen.some(s => / -> 403 /.test(s))).toBe(true);
    expect(seen.some(s => /"stale":true/.test(s))).toBe(true);

    const leakedResponses = seen.filter(s =>
      ALL_SECRETS.some(secret => s.includes(secret)),
    );
    expect(leakedResponses).toEqual([]);
    const lastParts = Object.values(SECRETS).map(secret => secret.slice(-12));
    expect(seen.filter(r => lastParts.some(part => r.includes(part)))).toEqual(
      [],
    );
    expect(backend.logs.containing(ALL_SECRETS)).toEqual([]);
    // Not even a recognisable part of a token.
    expect(
      backend.logs.containing(Object.values(SECRETS).map(s => s.slice(-12))),
    ).toEqual([]);
  });
});
