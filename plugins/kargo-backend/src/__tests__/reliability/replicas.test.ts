import request from 'supertest';
import { cacheServiceFactory } from '@backstage/backend-defaults/cache';
import { databaseServiceFactory } from '@backstage/backend-defaults/database';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
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
import {
  recordingSchedulerFactory,
  type TaskRun,
} from './__testUtils__/replicaServices';

// PostgreSQL, Redis and two backends start here, on a shared, loaded machine.
jest.setTimeout(60_000);

// Poll mode with a shared cache: each instance's refresh is a global task.
const TASK = 'kargo-snapshot-refresh:sandbox';
const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

describe('two backend replicas on one PostgreSQL and one Redis (poll mode)', () => {
  let pg: TestPostgres;
  let redis: TestRedis;
  let sandbox: Sandbox;
  const replicas: ReliabilityBackend[] = [];
  const runs: TaskRun[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres();
    redis = await startTestRedis();
    sandbox = await startSecretSandbox({ controller: false });
    // Each gathering takes a while, so overlapping runs could not go unseen.
    sandbox.faults.set({
      path: /^\/apis\/kargo\.akuity\.io\/v1alpha1\/projects/,
      delayMs: 250,
    });
    const base = kargoConfig(sandbox, 1);
    const config = {
      ...base,
      // A run left behind by a stopped replica is given up after 4 s.
      kargo: {
        ...base.kargo,
        refresh: {
          mode: 'poll',
          frequency: { seconds: 1 },
          timeout: { seconds: 4 },
        },
      },
      backend: {
        // The store the replicas share: a real redis-server.
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
    for (const name of ['replica-a', 'replica-b']) {
      replicas.push(
        await startReliabilityBackend({
          sandbox,
          config,
          services: [
            databaseServiceFactory,
            recordingSchedulerFactory(name, runs),
            cacheServiceFactory,
          ],
        }),
      );
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.stop().catch(() => undefined);
    await sandbox?.stop();
    // redis-server is killed when the test process ends (see TestRedis.stop).
    await pg?.stop();
  });

  it('runs the scheduled refresh on one replica at a time', async () => {
    for (
      let i = 0;
      i < 200 && runs.filter(r => r.taskId === TASK).length < 5;
      i++
    ) {
      await sleep(100);
    }
    const refreshes = runs
      .filter(r => r.taskId === TASK)
      .sort((a, b) => a.start - b.start);
    expect(refreshes.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < refreshes.length; i++) {
      // The global lock: a run starts only after the previous one ended.
      expect(refreshes[i].start).toBeGreaterThanOrEqual(refreshes[i - 1].end);
    }
    const perReplica = Object.fromEntries(
      ['replica-a', 'replica-b'].map(n => [
        n,
        refreshes.filter(r => r.replica === n).length,
      ]),
    );
    expect(perReplica['replica-a'] + perReplica['replica-b']).toBe(
      refreshes.length,
    );
  });

  it('serves the same data from both replicas', async () => {
    const strip = (body: Record<string, unknown>) => {
      const { lastUpdated: _l, stale: _s, ...rest } = body;
      return rest;
    };
    for (const path of [
      '/projects/checkout/stages/staging',
      '/projects/payments/stages/qa',
      '/projects/payments/stages',
    ]) {
      const [a, b] = await Promise.all(
        replicas.map(r =>
          request(r.server)
            .get(`/api/kargo${path}`)
            .set('Authorization', userHeader()),
        ),
      );
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.stale, b.body.stale]).toEqual([false, false]);
      expect(strip(b.body)).toEqual(strip(a.body));
    }
  });

  it('hands the refresh to the other replica when the running one stops', async () => {
    const refreshes = () => runs.filter(r => r.taskId === TASK);
    const counts = ['replica-a', 'replica-b'].map(
      n => refreshes().filter(r => r.replica === n).length,
    );
    const busy = counts[0] >= counts[1] ? 0 : 1;
    const [stopping, survivor] =
      busy === 0 ? ['replica-a', 'replica-b'] : ['replica-b', 'replica-a'];
    await replicas[busy].stop();
    const stoppedAt = Date.now();
    let takeover: TaskRun | undefined;
    for (let i = 0; i < 200 && !takeover; i++) {
      takeover = refreshes().find(
        r => r.replica === survivor && r.start >= stoppedAt,
      );
      if (!takeover) await sleep(100);
    }
    expect(takeover).toMatchObject({ replica: survivor });
    const lastOfStopped = Math.max(
      ...refreshes()
        .filter(r => r.replica === stopping)
        .map(r => r.end),
    );
    expect(takeover!.start).toBeGreaterThanOrEqual(lastOfStopped);
    // The survivor keeps serving fresh data on its own.
    const res = await request(replicas[1 - busy].server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', userHeader());
    expect(res.status).toBe(200);
    expect(res.body.stale).toBe(false);
  });
});
