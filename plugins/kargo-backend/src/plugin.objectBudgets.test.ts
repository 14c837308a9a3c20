import type { KubeObject } from '@kargo-backstage/kargo-sandbox';
import request from 'supertest';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox and its Kargo API, a backend).
jest.setTimeout(30_000);

const PROJECT = 'checkout';
const stageUrl = (stage: string) =>
  `/api/kargo/projects/${PROJECT}/stages/${stage}`;

/** Copies of one of the Stage's Promotions, each with `chars` of vars. */
function paddedPromotions(
  backend: KargoTestBackend,
  stage: string,
  count: number,
  chars: number,
): KubeObject[] {
  const type = backend.sandbox.registry.find(
    'kargo.akuity.io',
    'v1alpha1',
    'promotions',
  )!;
  const original = backend.sandbox.store
    .list(type, PROJECT)
    .find(p => (p.spec as { stage?: string }).stage === stage)!;
  return Array.from({ length: count }, (_, i) => {
    const copy = structuredClone(original) as KubeObject & {
      spec: { vars?: unknown[] };
    };
    copy.metadata = {
      name: `${original.metadata.name}-padded-${i}`,
      namespace: PROJECT,
      labels: original.metadata.labels,
    };
    copy.spec.vars = [{ name: 'pad', value: 'x'.repeat(chars) }];
    return copy;
  });
}

describe('kargo.limits: a Stage too large to show', () => {
  it("shows the Stage over kargo.limits.stageObjectsMB as too large, with its sizes; the project's other Stages as ever", async () => {
    const backend = await startKargoTestBackend({
      limits: { stageObjectsMB: 1 },
    });
    try {
      await backend.refresh();
      const before = await request(backend.server)
        .get(stageUrl('prod'))
        .set('Authorization', user());
      expect(before.status).toBe(200);
      expect(before.body.error).toBeNull();
      expect(before.body.promotions.length).toBeGreaterThan(0);
      const staging = await request(backend.server)
        .get(stageUrl('staging'))
        .set('Authorization', user());

      // A promoter queues three Promotions of 600 KB vars each.
      backend.sandbox.load(paddedPromotions(backend, 'prod', 3, 600_000));
      await backend.refresh();

      const after = await request(backend.server)
        .get(stageUrl('prod'))
        .set('Authorization', user());
      expect(after.status).toBe(200);
      expect(after.body.error).toMatch(
        /^This Stage could not be read: it is too large to show: its Kargo objects take 1\.\d MB \(the Stage [\d.]+ KB, \d+ Promotions 1\.\d MB, \d+ AnalysisRuns [\d.]+ KB\), more than the 1\.0 MB shown per Stage \(kargo\.limits\.stageObjectsMB\)$/,
      );
      // Nothing of it is shown, nor offered to act on.
      expect(after.body.promotions).toBeUndefined();
      expect(after.body.pullRequests).toEqual([]);
      expect(after.body.actions.reverify.allowed).toBe(false);
      expect(JSON.stringify(after.body).length).toBeLessThan(10_000);
      // The project's other Stages are as they were.
      const stagingAfter = await request(backend.server)
        .get(stageUrl('staging'))
        .set('Authorization', user());
      expect(stagingAfter.body.error).toBeNull();
      expect(stagingAfter.body.verifications).toEqual(
        staging.body.verifications,
      );
      // The list keeps the Stage in its place, saying why.
      const list = await request(backend.server)
        .get(`/api/kargo/projects/${PROJECT}/stages`)
        .set('Authorization', user());
      expect(list.status).toBe(200);
      const listed = list.body.items.find(
        (s: { name: string }) => s.name === 'prod',
      );
      expect(listed.error).toMatch(/too large to show/);
    } finally {
      await backend.stop();
    }
  });

  it('shows every Stage of a project over kargo.limits.projectObjectsMB as too large', async () => {
    const backend = await startKargoTestBackend({
      limits: { stageObjectsMB: 8, projectObjectsMB: 1 },
    });
    try {
      backend.sandbox.load(paddedPromotions(backend, 'prod', 2, 600_000));
      await backend.refresh();
      const list = await request(backend.server)
        .get(`/api/kargo/projects/${PROJECT}/stages`)
        .set('Authorization', user());
      expect(list.status).toBe(200);
      expect(list.body.items.length).toBeGreaterThan(1);
      for (const stage of list.body.items) {
        expect(stage.error).toMatch(
          /its project is too large to show: .* more than the 1\.0 MB shown per project \(kargo\.limits\.projectObjectsMB\)$/,
        );
      }
    } finally {
      await backend.stop();
    }
  });
});
