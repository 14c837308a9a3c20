/**
 * Several Kargo instances at once, over HTTPS, as the documented
 * `two-instances` example configures them: one healthy, one whose token is
 * rejected (401) and one whose cluster is down. The healthy one is served
 * whole; the others show their error, named, where their Stages would be.
 */
import { mockCredentials } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import type { JsonObject } from '@backstage/types';
import {
  DEMO_TOKENS,
  READ_VERBS,
  type TokenPolicy,
  loadTwoInstancesExample,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import type {
  EntityStagesResponse,
  SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

jest.setTimeout(60_000);

function component(name: string, instance: string): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      annotations: {
        'kargo.akuity.io/instance': instance,
        'kargo.akuity.io/project': 'checkout',
      },
    },
    spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
  };
}

describe('two Kargo instances, one of them down', () => {
  let healthy: Sandbox;
  let down: Sandbox;
  let backend: KargoTestBackend;

  beforeAll(async () => {
    [healthy, down] = await Promise.all([
      startSandbox({ https: true, tokens: DEMO_TOKENS, controller: false }),
      startSandbox({ https: true, tokens: DEMO_TOKENS, controller: false }),
    ]);
    // The documented example, with the sandboxes' addresses and secrets.
    const example = await loadTwoInstancesExample(healthy, down);
    const [production, staging] = (example.kargo as { instances: JsonObject[] })
      .instances;
    await down.stop();
    backend = await startKargoTestBackend({
      sandbox: healthy,
      instances: [
        production,
        staging,
        // The production cluster again, with a token it no longer accepts.
        {
          ...production,
          name: 'expired',
          serviceAccountToken: 'expired-token',
        },
      ],
      entities: [
        component('on-production', 'production'),
        component('on-staging', 'staging'),
        component('on-expired', 'expired'),
      ],
    });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend?.stop();
    await healthy.stop();
  });

  const stagesOf = async (entity: string) => {
    const res = await request(backend.server)
      .get(`/api/kargo/entities/component/default/${entity}/stages`)
      .set('Authorization', user());
    expect(res.status).toBe(200);
    return res.body as EntityStagesResponse;
  };

  it("serves the healthy instance's Stages whole, naming their instance", async () => {
    const body = await stagesOf('on-production');
    expect(body.errors).toEqual([]);
    expect(body.items.map(s => [s.instance, s.name])).toEqual([
      ['production', 'dev'],
      ['production', 'prod'],
      ['production', 'staging'],
    ]);
    expect(body.items.every(s => s.error === null)).toBe(true);
  });

  it('answers the tab of the instance that is down with its error, not a blank page', async () => {
    const body = await stagesOf('on-staging');
    expect(body.items).toEqual([]);
    expect(body.errors).toEqual([
      {
        instance: 'staging',
        project: 'checkout',
        message: expect.stringContaining("Kargo instance 'staging'"),
      },
    ]);
    expect(body.errors[0].message).toMatch(/ECONNREFUSED|cannot reach/);
  });

  it('answers the tab of the instance that rejects its token with the 401', async () => {
    const body = await stagesOf('on-expired');
    expect(body.items).toEqual([]);
    expect(body.errors).toEqual([
      {
        instance: 'expired',
        project: 'checkout',
        message: expect.stringContaining('(401)'),
      },
    ]);
    expect(JSON.stringify(body)).not.toContain('expired-token');
  });

  it('keeps the healthy instance whole in the snapshot the catalog reads', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/snapshot')
      .set(
        'Authorization',
        mockCredentials.service.header({
          // The catalog module's subject: the one /snapshot serves by default.
          onBehalfOf: mockCredentials.service('plugin:catalog'),
          targetPluginId: 'kargo',
        }),
      );
    expect(res.status).toBe(200);
    const { instances } = res.body as SnapshotResponse;
    const byName = Object.fromEntries(instances.map(i => [i.instance, i]));
    expect(byName.production).toMatchObject({
      error: null,
      projects: ['checkout', 'payments'],
    });
    expect(byName.production.stages).toHaveLength(8);
    expect(byName.staging.error).toContain("Kargo instance 'staging'");
    expect(byName.staging.stages).toEqual([]);
    expect(byName.expired.error).toContain('(401)');
  });
});

describe('a bad Kargo configuration', () => {
  it.each([
    [
      [{ name: 'a', serviceAccountToken: 't' }],
      "kargo.instances[0].url is required (instance 'a')",
    ],
    [
      [
        {
          name: 'a',
          authProvider: 'kubeconfig',
          kubeconfig: { path: '/nonexistent/kubeconfig' },
        },
      ],
      "Kargo instance 'a': cannot read kubeconfig.path /nonexistent/kubeconfig",
    ],
    [
      [
        {
          name: 'a',
          url: 'https://127.0.0.1:1',
          serviceAccountToken: 't',
          caData: 'x',
          caFile: '/ca',
        },
      ],
      'kargo.instances[0]: set caData or caFile, not both',
    ],
  ])(
    'stops the backend at startup, naming the key: %j',
    async (instances, message) => {
      const sandbox = await startSandbox({
        controller: false,
        fixtures: false,
      });
      try {
        await expect(
          startKargoTestBackend({ sandbox, instances }),
        ).rejects.toThrow(message);
      } finally {
        await sandbox.stop();
      }
    },
  );
});

describe('a token that expires after the first read', () => {
  it("keeps the Stages, marked stale, with the 401 as the project's error", async () => {
    const tokens: TokenPolicy = {
      'first-token': READ_VERBS,
      'next-token': READ_VERBS,
    };
    const sandbox = await startSandbox({
      https: true,
      tokens,
      controller: false,
    });
    const backend = await startKargoTestBackend({
      sandbox,
      instances: [
        {
          name: 'production',
          url: sandbox.httpsUrl!,
          serviceAccountToken: 'first-token',
          caData: sandbox.caData!,
        },
      ],
      entities: [component('on-production', 'production')],
    });
    try {
      await backend.refresh();
      delete tokens['first-token'];
      await backend.refresh();
      const res = await request(backend.server)
        .get('/api/kargo/entities/component/default/on-production/stages')
        .set('Authorization', user());
      expect(res.status).toBe(200);
      const body = res.body as EntityStagesResponse;
      expect(body.stale).toBe(true);
      expect(body.items.map(s => s.name)).toEqual(['dev', 'prod', 'staging']);
      for (const stage of body.items) {
        expect(stage.stale).toBe(true);
        expect(stage.error).toContain("Kargo instance 'production'");
        expect(stage.error).toContain('(401)');
      }
    } finally {
      await backend.stop();
      await sandbox.stop();
    }
  });
});
