import { AuthorizeResult } from '@backstage/plugin-permission-common';
import request from 'supertest';
import {
  PORTAL_TOKEN,
  startKargoTestBackend,
  user,
  waitFor,
  type KargoTestBackend,
} from './__testUtils__/backend';
import { STREAM_BROKEN_EVENT } from './router/logRoutes';

// Real servers (the sandbox and its Kargo API, a backend).
jest.setTimeout(30_000);

const JOB = 'checkout-staging-smoke-test-3';

/** The demo's Failed staging run whose smoke test is a Kubernetes Job. */
function smokeTestRun(backend: KargoTestBackend): string {
  const type = backend.sandbox.registry.find(
    'argoproj.io',
    'v1alpha1',
    'analysisruns',
  )!;
  return backend.sandbox.store
    .list(type, 'checkout')
    .find(r => (r.spec as any).metrics.some((m: any) => m.provider?.job))!
    .metadata.name;
}

/** Lets the portal read AnalysisRuns too, as Kargo's project roles do. */
function grantPortalRuns(backend: KargoTestBackend) {
  backend.sandbox.load([
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'test-kargo-portal-runs' },
      rules: [
        {
          apiGroups: ['argoproj.io'],
          resources: ['analysisruns'],
          verbs: ['get'],
        },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'test-kargo-portal-runs' },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'test-kargo-portal-runs',
      },
      subjects: [
        {
          kind: 'ServiceAccount',
          name: 'kargo-portal',
          namespace: 'backstage',
        },
      ],
    },
  ]);
}

const logsOf = (run: string, query = '') =>
  `/api/kargo/projects/checkout/analysis-runs/${run}/logs${query}`;
const SMOKE = '?metric=checkout-smoke-test&container=smoke-test';

describe('GET /projects/{project}/analysis-runs/{name}/logs', () => {
  let backend: KargoTestBackend;
  let run: string;
  beforeAll(async () => {
    backend = await startKargoTestBackend();
    grantPortalRuns(backend);
    await backend.refresh();
    run = smokeTestRun(backend);
  });
  afterAll(() => backend.stop());

  it("streams the job metric's logs from Kargo as Server-Sent Events", async () => {
    const res = await request(backend.server)
      .get(logsOf(run, SMOKE))
      .set('Authorization', user());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.text).toMatch(
      /^data: 2026-11-28T15:10:58Z starting checkout smoke test/,
    );
    expect(res.text).toContain(
      'data: 2026-11-28T15:21:05Z FAIL checkout-smoke-test',
    );
    expect(res.text).not.toContain('kargo-stream-broken');
  });

  it('asks Kargo on every request and lets no cache keep the lines', async () => {
    const streamed = () =>
      Object.values(
        backend.sandbox.kargoApi.reads().analysisRunLogs ?? {},
      ).reduce((sum, n) => sum + n, 0);
    const before = streamed();
    for (const _ of [1, 2]) {
      const res = await request(backend.server)
        .get(logsOf(run, SMOKE))
        .set('Authorization', user());
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/no-cache/);
    }
    await new Promise(resolve => setTimeout(resolve, 50));
    expect(streamed() - before).toBe(2);
  });

  it('names the job metrics and their containers in the AnalysisRun answer', async () => {
    const res = await request(backend.server)
      .get(`/api/kargo/projects/checkout/analysis-runs/${run}`)
      .set('Authorization', user());
    expect(res.body.jobMetrics).toEqual([
      {
        metric: 'checkout-smoke-test',
        containers: ['smoke-test', 'proxy'],
        hasJob: true,
      },
    ]);
  });

  it('says so when the stream from Kargo breaks mid-way', async () => {
    backend.sandbox.jobLogs.set('checkout', JOB, 'proxy', {
      lines: ['first', 'second', 'third'],
      breakAfter: 2,
    });
    const res = await request(backend.server)
      .get(logsOf(run, '?metric=checkout-smoke-test&container=proxy'))
      .set('Authorization', user());
    expect(res.status).toBe(200);
    expect(res.text).toContain('data: second');
    expect(res.text).not.toContain('third');
    expect(res.text.endsWith(STREAM_BROKEN_EVENT)).toBe(true);
  });

  it('ends the call to Kargo when the browser leaves', async () => {
    // The log backend's lines, counting how many Kargo's side sent.
    let sent = 0;
    const lines = new Proxy(
      Array.from({ length: 50 }, (_, i) => `line ${i}`),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) sent++;
          return Reflect.get(target, key, receiver);
        },
      },
    );
    backend.sandbox.jobLogs.set('checkout', JOB, 'proxy', {
      lines,
      delayMs: 200,
    });
    backend.sandbox.kargoApi.reset();
    const address = backend.server.address() as { port: number };
    const abort = new AbortController();
    const res = await fetch(
      `http://127.0.0.1:${address.port}${logsOf(
        run,
        '?metric=checkout-smoke-test&container=proxy',
      )}`,
      { headers: { Authorization: user() }, signal: abort.signal },
    );
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    // Kargo's side of the stream ends (and is counted) once the browser
    // left, a line or two later, not after all 50.
    await waitFor(
      async () => backend.sandbox.kargoApi.reads().analysisRunLogs || undefined,
      "the end of Kargo's log stream",
    );
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(5);
  });

  it("answers Kargo's refusal with a reason code and Kargo's words, never a token", async () => {
    const res = await request(backend.server)
      .get(logsOf(run, '?metric=checkout-smoke-test&container=sidecar'))
      .set('Authorization', user());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.error.code).toMatch(/^kargo/);
    expect(JSON.stringify(res.body)).not.toContain(PORTAL_TOKEN);
  });

  it.each([
    ['?metric=a%20b', 'metric'],
    ['?container=Not_A_Name', 'container'],
    ['?colour=red', 'colour'],
  ])(
    'answers bad input %s with a 400 naming it, without asking Kargo',
    async (query, field) => {
      const before = JSON.stringify(backend.sandbox.kargoApi.stats());
      const res = await request(backend.server)
        .get(logsOf(run, query))
        .set('Authorization', user());
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
    },
  );

  it('answers a run the snapshot does not know 404, without asking Kargo', async () => {
    const before = JSON.stringify(backend.sandbox.kargoApi.stats());
    const res = await request(backend.server)
      .get(logsOf('staging.no-such-run'))
      .set('Authorization', user());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('analysisRunNotFound');
    expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
  });
});

describe('GET /projects/{project}/analysis-runs/{name}/logs when kargo.stage.read is denied', () => {
  it('answers 404 like a missing run, and Kargo is never asked', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
    });
    try {
      grantPortalRuns(backend);
      await backend.refresh();
      const run = smokeTestRun(backend);
      const before = JSON.stringify(backend.sandbox.kargoApi.stats());
      const res = await request(backend.server)
        .get(logsOf(run, SMOKE))
        .set('Authorization', user());
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('analysisRunNotFound');
      expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
    } finally {
      await backend.stop();
    }
  });
});

// Attack 3 on issue 35: both AnalysisRun routes read the instance before any
// permission check, so a caller allowed nothing was told the instance's
// first-read error (here "cannot reach the cluster (ECONNREFUSED)"; a
// proxy's or an admission webhook's words alike) in a 503 while that read
// fails, where every other read route
// answers such a caller like a missing object.
describe('the AnalysisRun routes while the instance was never read', () => {
  it('answer a caller allowed nothing like a missing run, without the cluster error', async () => {
    const backend = await startKargoTestBackend({
      clusterUrl: 'http://127.0.0.1:9',
      result: AuthorizeResult.DENY,
    });
    try {
      for (const path of [
        '/api/kargo/projects/checkout/analysis-runs/some-run',
        '/api/kargo/projects/checkout/analysis-runs/some-run/logs?metric=smoke',
      ]) {
        const res = await request(backend.server)
          .get(path)
          .set('Authorization', user());
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('analysisRunNotFound');
        expect(JSON.stringify(res.body)).not.toMatch(
          /ECONNREFUSED|cannot reach/,
        );
      }
    } finally {
      await backend.stop();
    }
  });
});
