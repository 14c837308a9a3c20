import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { Entity } from '@backstage/catalog-model';
import type {
  CatalogProcessorResult,
  EntityProviderConnection,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import type { SnapshotResponse } from '@kargo-backstage/plugin-kargo-common';
import {
  instanceSnapshot,
  snapshot,
  stageSummary,
} from './__fixtures__/snapshot';
import { KargoEntityProcessor } from './processor/KargoEntityProcessor';
import { KargoStageEntityProvider } from './provider/KargoStageEntityProvider';

/**
 * Attack 8 (demonstration, asserts the current behaviour): what one project
 * member's Stages put into the catalog. Nothing bounds the Stages of a
 * project, and each Stage's summary carries its open PRs' URLs: up to 200
 * (kargo-common stage/hostileProject.test.ts "attributes at most the
 * newest 200 of 5,000 open PRs of one branch to each Stage naming it"),
 * from a repository the member owns on an integration host (GitHub allows
 * 39-character owners and 100-character repository names).
 */
const STAGES = 2_000;
const PRS = 200;
const REPO = `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}`;

function hostileSnapshot(): SnapshotResponse {
  const urls = Array.from({ length: PRS }, (_, n) => `${REPO}/pull/${n + 1}`);
  const stages = Array.from({ length: STAGES }, (_, i) =>
    stageSummary({
      project: 'mallory',
      name: `s${i}`,
      openPullRequests: PRS,
      orphanedPullRequests: PRS,
      openPullRequestUrls: urls,
    }),
  );
  return snapshot(
    instanceSnapshot({ projects: ['mallory', 'shared'], stages }),
  );
}

describe('the catalog of a hostile project (attack 8)', () => {
  it('makes one entity per Stage, each with 200 links and a 30 KB annotation: 2,000 Stages: a 69 MB /snapshot every 30 s, 214 MB of entities', async () => {
    // What GET /snapshot answers the module every 30 s (its default schedule).
    expect(JSON.stringify(hostileSnapshot()).length).toBeGreaterThan(
      60_000_000,
    );
    const source = { getSnapshot: async () => hostileSnapshot() };
    const applied: EntityProviderMutation[] = [];
    const connection = {
      applyMutation: async (m: EntityProviderMutation) => void applied.push(m),
      refresh: async () => undefined,
    } satisfies EntityProviderConnection;
    const provider = KargoStageEntityProvider.fromConfig(
      new ConfigReader({ catalog: { providers: { kargo: {} } } }),
      {
        source,
        scheduler: mockServices.scheduler.mock(),
        logger: mockServices.logger.mock(),
      },
    );
    await provider.connect(connection);
    await provider.refresh();
    const [mutation] = applied;
    expect(mutation.type).toBe('full');
    const entities =
      mutation.type === 'full' ? mutation.entities.map(d => d.entity) : [];
    expect(entities).toHaveLength(STAGES);
    expect(entities[0].metadata.links).toHaveLength(PRS + 1); // and "Open in Kargo"
    expect(
      entities[0].metadata.annotations!['kargo.akuity.io/pull-request-urls']
        .length,
    ).toBeGreaterThan(30_000);
    const size = entities.reduce((n, e) => n + JSON.stringify(e).length, 0);
    expect(size).toBeGreaterThan(200_000_000);
  });

  it('gives every entity annotated with the project two relations per Stage', async () => {
    const provider = KargoStageEntityProvider.fromConfig(
      new ConfigReader({ catalog: { providers: { kargo: {} } } }),
      {
        source: { getSnapshot: async () => hostileSnapshot() },
        scheduler: mockServices.scheduler.mock(),
        logger: mockServices.logger.mock(),
      },
    );
    await provider.refresh();
    const processor = new KargoEntityProcessor(provider.store);
    // e.g. the platform's overview, annotated with several projects.
    const overview: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: {
        name: 'platform-overview',
        annotations: { 'kargo.akuity.io/project': 'shared,mallory' },
      },
      spec: { type: 'service', owner: 'platform', lifecycle: 'production' },
    };
    const emitted: CatalogProcessorResult[] = [];
    const result = await processor.preProcessEntity(
      overview,
      { type: 'file', target: 'x.yaml' },
      r => emitted.push(r),
    );
    expect(emitted.filter(r => r.type === 'relation')).toHaveLength(2 * STAGES);
    expect(
      result.metadata.annotations!['kargo.akuity.io/open-pull-requests'],
    ).toBe(String(STAGES * PRS));
  });
});
