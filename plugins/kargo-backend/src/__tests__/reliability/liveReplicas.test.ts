import request from 'supertest';
import { cacheServiceFactory } from '@backstage/backend-defaults/cache';
import { databaseServiceFactory } from '@backstage/backend-defaults/database';
import { schedulerServiceFactory } from '@backstage/backend-defaults/scheduler';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import {
  startTestPostgres,
  type TestPostgres,
} from '@kargo-backstage/kargo-sandbox';
import { startTestRedis, type TestRedis } from './__testUtils__/redis';
import { setRunPhase, until } from './__testUtils__/sandboxRuns';

// PostgreSQL, Redis and two backends start here, on a shared, loaded machine.
jest.setTimeout(90_000);

describe('two backend replicas on one PostgreSQL and one Redis (watch mode)', () => {
  let pg: TestPostgres;
  let redis: TestRedis;
  let sandbox: Sandbox;
  const replicas: ReliabilityBackend[] = [];
  let gitRequestsOfOne = 0;

  const gitListings = () =>
    Object.values(sandbox.git.requestCounts()).reduce((n, c) => n + c, 0);
  const openPullRequests = async (replica: ReliabilityBackend) => {
    let open = 0;
    for (const project of ['checkout', 'payments']) {
      const res = await request(replica.server)
        .get(`/api/kargo/projects/${project}/stages`)
        .set('Authorization', userHeader());
      for (const stage of res.status === 200 ? res.body.items : [])
        open += stage.openPullRequests;
    }
    return open;
  };

  beforeAll(async () => {
    pg = await startTestPostgres();
    redis = await startTestRedis();
    sandbox = await startSecretSandbox({ controller: false });
    const base = kargoConfig(sandbox, 1, 'watch');
    const config = {
      ...base,
      // No scheduled pull-request pass during the test: only the listing of
      // the repositories the first sync finds.
      kargo: {
        ...base.kargo,
        refresh: { ...base.kargo.refresh, frequency: { minutes: 10 } },
      },
      backend: {
        cache: { store: 'redis', connection: redis.url },
        database: {
          client: 'pg',
          connection: {
            host: pg.host,
            port: pg.port,
            user: pg.user,
            password: 'unused',
          },
        },
      },
    };
    // One after the other: both would race to CREATE DATABASE otherwise.
    for (let i = 0; i < 2; i++) {
      replicas.push(
        await startReliabilityBackend({
          sandbox,
          config,
          services: [
            databaseServiceFactory,
            schedulerServiceFactory,
            cacheServiceFactory,
          ],
        }),
      );
      if (i === 0) {
        // The first replica has listed every repository its Stages show.
        await until(
          async () =>
            (await openPullRequests(replicas[0])) > 0 ? true : undefined,
          'the pull requests',
        );
        gitRequestsOfOne = gitListings();
      }
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.stop().catch(() => undefined);
    await sandbox?.stop();
    // redis-server is killed when the test process ends: the replicas' cache
    // clients (pull-request listings) stay connected (see TestRedis.stop).
    await pg?.stop();
  });

  const detail = async (
    replica: ReliabilityBackend,
    project: string,
    name: string,
  ) => {
    const res = await request(replica.server)
      .get(`/api/kargo/projects/${project}/stages/${name}`)
      .set('Authorization', userHeader());
    return res.status === 200 ? (res.body as StageDetail) : undefined;
  };

  it('a change in the cluster reaches both replicas, each from its own watch', async () => {
    const [a, b] = replicas;
    const before = await until(
      () => detail(a, 'payments', 'test'),
      'the first sync',
    );
    const run = before.verifications.find(v => v.current)!.analysisRun!.name;
    await until(
      () => detail(b, 'payments', 'test'),
      'the first sync of replica b',
    );
    // No LIST from here on: the change arrives on each replica's watch.
    const requestsBefore = sandbox.faults.requests().length;

    setRunPhase(sandbox, 'payments', run, 'Failed');

    for (const replica of replicas) {
      const seen = await until(async () => {
        const d = await detail(replica, 'payments', 'test');
        const current = d?.verifications.find(v => v.analysisRun?.name === run);
        return current?.phase === 'Failed' ? current : undefined;
      }, 'the Failed run');
      expect(seen.phase).toBe('Failed');
    }
    const kubeLists = sandbox.faults
      .requests()
      .slice(requestsBefore)
      .filter(r => !r.url.includes('watch=true') && r.url.startsWith('/apis/'));
    expect(kubeLists).toEqual([]);
  });

  it('lists the pull requests of each repository once, not once per replica', async () => {
    const [a, b] = replicas;
    expect(gitRequestsOfOne).toBeGreaterThan(0);
    // The second replica shows the same open pull requests...
    const open = await openPullRequests(a);
    await until(
      async () => ((await openPullRequests(b)) === open ? true : undefined),
      'the pull requests on b',
    );
    // ...taken from the first one's listings in the shared cache, not asked again.
    expect(gitListings()).toBe(gitRequestsOfOne);
  });
});
