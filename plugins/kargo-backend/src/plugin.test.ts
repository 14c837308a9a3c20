import { mockCredentials } from '@backstage/backend-test-utils';
import type {
  StageDetail,
  StageListResponse,
} from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import {
  ADMIN_TOKEN,
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (a backend and the sandbox) on a shared machine.
jest.setTimeout(30_000);

describe('kargo backend plugin against the sandbox', () => {
  let backend: KargoTestBackend;
  beforeAll(async () => {
    backend = await startKargoTestBackend();
  });
  afterAll(async () => {
    await backend.stop();
  });

  it('serves the stale demo Stage with the live phase of every run and reverify allowed', async () => {
    await backend.refresh();
    const res = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', user());
    expect(res.status).toBe(200);
    const detail = res.body as StageDetail;
    expect(detail).toMatchObject({
      instance: 'sandbox',
      project: 'checkout',
      name: 'staging',
      stale: false,
    });
    const stale = detail.verifications.filter(v => v.stale);
    expect(stale).toHaveLength(3);
    for (const entry of stale) {
      expect(entry.phase).toBe('Failed');
      expect(['Running', 'Pending']).toContain(entry.recordedPhase);
    }
    expect(detail.actions.reverify).toEqual({ allowed: true, reason: null });
    expect(detail.lastUpdated).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain(ADMIN_TOKEN);
  });

  it('lists the Stages of a project', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages')
      .set('Authorization', user());
    expect(res.status).toBe(200);
    const body = res.body as StageListResponse;
    expect(body.items.map(s => s.name)).toEqual(['dev', 'prod', 'staging']);
    expect(body.stale).toBe(false);
  });

  it.each([
    ['/api/kargo/projects/checkout/stages/A_B', "path parameter 'stage'"],
    ['/api/kargo/projects/checkout/stages/..', "path parameter 'stage'"],
    [
      `/api/kargo/projects/checkout/stages/${'a'.repeat(300)}`,
      "path parameter 'stage'",
    ],
    ['/api/kargo/projects/Checkout/stages', "path parameter 'project'"],
    [
      '/api/kargo/projects/checkout/stages?instance=nope',
      "Unknown Kargo instance 'nope'",
    ],
    ['/api/kargo/projects/checkout/stages?foo=1', "unknown 'foo'"],
  ])('answers 400 to GET %s', async (path, message) => {
    const res = await request(backend.server)
      .get(path)
      .set('Authorization', user());
    expect(res.status).toBe(400);
    expect(res.body.error.name).toBe('InputError');
    expect(res.body.error.message).toContain(message);
  });

  it.each([
    [
      '/api/kargo/projects/checkout/stages/staging/reverify',
      { force: true },
      400,
      "request body: unknown 'force'",
    ],
    [
      '/api/kargo/projects/checkout/stages/staging/reverify',
      [1, 2],
      400,
      'request body',
    ],
    [
      '/api/kargo/projects/checkout/stages/Staging/reverify',
      {},
      400,
      "path parameter 'stage'",
    ],
    [
      '/api/kargo/projects/checkout/stages/staging/abort-verification',
      { x: 'y'.repeat(20_000) },
      413,
      '',
    ],
    [
      '/api/kargo/projects/checkout/stages/staging/reverify?instance=other',
      {},
      400,
      "Unknown Kargo instance 'other'",
    ],
  ])(
    'refuses POST %s with body %j before reaching the cluster',
    async (path, body, status, message) => {
      const requestsBefore = backend.kargo().requestCount;
      const res = await request(backend.server)
        .post(path)
        .set('Authorization', user())
        .send(body as object);
      expect(res.status).toBe(status);
      expect(res.body.error.message).toContain(message);
      expect(backend.kargo().requestCount).toBe(requestsBefore);
    },
  );

  it("lets a service principal write only as the portal (the instance's Kargo API token), and says so", async () => {
    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/staging/reverify')
      .set(
        'Authorization',
        mockCredentials.service.header({
          onBehalfOf: mockCredentials.service('plugin:scaffolder'),
          targetPluginId: 'kargo',
        }),
      );
    expect(res.status).toBe(202);
    expect(res.body.actedAs).toBe('portal');
  });

  it('serves an AnalysisRun with its metrics', async () => {
    const stage = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', user());
    const run = (stage.body as StageDetail).verifications.find(
      v => v.analysisRun,
    )!.analysisRun!;
    const res = await request(backend.server)
      .get(`/api/kargo/projects/checkout/analysis-runs/${run.name}`)
      .set('Authorization', user());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      instance: 'sandbox',
      project: 'checkout',
      name: run.name,
    });
    expect(res.body.metrics.length).toBeGreaterThan(0);
    expect(res.body.raw.metadata.managedFields).toBeUndefined();
    const missing = await request(backend.server)
      .get('/api/kargo/projects/checkout/analysis-runs/no-such-run')
      .set('Authorization', user());
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 'analysisRunNotFound',
      params: {
        analysisRun: 'no-such-run',
        project: 'checkout',
        instance: 'sandbox',
      },
    });
  });

  it('answers 404 for an unknown project and Stage', async () => {
    const project = await request(backend.server)
      .get('/api/kargo/projects/nowhere/stages')
      .set('Authorization', user());
    expect(project.status).toBe(404);
    expect(project.body.error.message).toBe(
      "Kargo project 'nowhere' not found in instance 'sandbox'",
    );
    expect(project.body.error).toMatchObject({
      code: 'projectNotFound',
      params: { project: 'nowhere', instance: 'sandbox' },
    });
    const stage = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/nope')
      .set('Authorization', user());
    expect(stage.status).toBe(404);
    expect(stage.body.error).toMatchObject({
      code: 'stageNotFound',
      params: { stage: 'nope', project: 'checkout', instance: 'sandbox' },
    });
  });

  it('serves its OpenAPI document', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/openapi.json')
      .set('Authorization', user());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain(
      '/projects/{project}/stages/{stage}/reverify',
    );
  });

  it('answers 401 without credentials', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages')
      .set('Authorization', mockCredentials.none.header());
    expect(res.status).toBe(401);
  });

  it.each([
    ['/api/kargo/projects/checkout/stages/A_B', 'stage', 'path'],
    ['/api/kargo/projects/Checkout/stages', 'project', 'path'],
    ['/api/kargo/projects/checkout/stages?instance=nope', 'instance', 'query'],
    ['/api/kargo/projects/checkout/stages?foo=1', 'foo', 'query'],
  ])(
    'names the refused field of GET %s in the invalidRequest reason',
    async (path, field, location) => {
      const res = await request(backend.server)
        .get(path)
        .set('Authorization', user());
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        name: 'InputError',
        code: 'invalidRequest',
        params: { field, location },
      });
    },
  );

  it('names the refused body field of a write in the invalidRequest reason', async () => {
    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/staging/reverify')
      .set('Authorization', user())
      .send({ force: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalidRequest',
      params: { field: 'force', location: 'body' },
    });
  });

  it('answers 404 with the entityNotFound reason for an entity the catalog does not have', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/no-such-component/stages')
      .set('Authorization', user());
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual(
      expect.objectContaining({
        name: 'NotFoundError',
        message:
          'Entity component:default/no-such-component not found in the catalog',
        code: 'entityNotFound',
        params: {
          kind: 'component',
          namespace: 'default',
          name: 'no-such-component',
        },
      }),
    );
  });

  it('serves the Stages an entity names, with per-project errors', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/storefront/stages')
      .set('Authorization', user());
    expect(res.status).toBe(200);
    expect(
      res.body.items.map((s: StageDetail) => `${s.project}/${s.name}`).sort(),
    ).toEqual(['checkout/staging', 'payments/uat']);
    expect(res.body.errors).toEqual([
      {
        instance: 'sandbox',
        project: 'missing',
        message: "Kargo project 'missing' not found in instance 'sandbox'",
      },
    ]);
  });

  it('serves the snapshot to the catalog module with service credentials', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/snapshot')
      .set(
        'Authorization',
        mockCredentials.service.header({
          onBehalfOf: mockCredentials.service('plugin:catalog'),
          targetPluginId: 'kargo',
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body.instances[0]).toMatchObject({
      instance: 'sandbox',
      stale: false,
      error: null,
    });
    expect(res.body.instances[0].projects).toEqual(['checkout', 'payments']);
    expect(JSON.stringify(res.body)).not.toContain(ADMIN_TOKEN);
  });
});

describe('kargo backend plugin on one or several replicas', () => {
  it('refreshes on every replica when the cache store is in-process, as nothing can be shared', async () => {
    const backend = await startKargoTestBackend();
    try {
      expect(backend.refreshTask()).toMatchObject({
        id: 'kargo-snapshot-refresh:sandbox',
        scope: 'local',
      });
      await backend.refresh();
      const res = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages')
        .set('Authorization', user());
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(0);
    } finally {
      await backend.stop();
    }
  });

  it('polling, refreshes on one replica at a time when the cache store is shared', async () => {
    const backend = await startKargoTestBackend({
      backendConfig: {
        cache: { store: 'redis', connection: 'redis://cache.example.com:6379' },
      },
      refresh: { mode: 'poll' },
    });
    try {
      expect(backend.refreshTask()).toMatchObject({
        id: 'kargo-snapshot-refresh:sandbox',
        scope: 'global',
      });
    } finally {
      await backend.stop();
    }
  });

  it('lists pull requests every 2 minutes when watching (the data is live), every 30 s when polling', async () => {
    for (const [refresh, frequency] of [
      [undefined, { minutes: 2 }],
      [{ mode: 'poll' }, { seconds: 30 }],
    ] as const) {
      const backend = await startKargoTestBackend({ refresh });
      try {
        expect(backend.scheduledTask('kargo-pull-requests')).toMatchObject({ frequency, initialDelay: frequency });
      } finally {
        await backend.stop();
      }
    }
  });

  it('watching, every replica keeps its own streams (its resync is local)', async () => {
    const backend = await startKargoTestBackend({
      backendConfig: {
        cache: { store: 'redis', connection: 'redis://cache.example.com:6379' },
      },
    });
    try {
      expect(backend.refreshTask()).toMatchObject({
        id: 'kargo-snapshot-refresh:sandbox',
        scope: 'local',
        frequency: { minutes: 10 },
      });
    } finally {
      await backend.stop();
    }
  });
});
