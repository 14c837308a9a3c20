import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { Entity } from '@backstage/catalog-model';
import type {
  CatalogProcessorResult,
  EntityProviderConnection,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import {
  toStageSummary,
  type PullRequestInfo,
  type SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';
import {
  instanceSnapshot,
  snapshot,
  stageSummary,
} from './__fixtures__/snapshot';
import { buildStageEntity } from './entities/stageEntity';
import { KargoEntityProcessor } from './processor/KargoEntityProcessor';
import { KargoStageEntityProvider } from './provider/KargoStageEntityProvider';

/**
 * Attack 8 (medium): what one project member's Stages put into the catalog.
 * Nothing bounds the Stages of a project, and each Stage may have up to 200
 * open PRs attributed (kargo-common stage/hostileProject.test.ts "attributes
 * at most the newest 200 of 5,000 open PRs of one branch to each Stage
 * naming it"), from a repository the member owns on an integration host
 * (GitHub allows 39-character owners and 100-character repository names).
 * Every URL went into the Stage's summary: 2,000 such Stages made a 68 MB
 * /snapshot (read by the module every 30 s) and 214 MB of Stage entities,
 * each with 201 links and a 30 KB annotation. A summary now carries the
 * newest 20 URLs (the count stays exact) and an entity links at most 20.
 */
const STAGES = 2_000;
const PRS = 200;
const REPO = `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}`;

const urls = Array.from({ length: PRS }, (_, n) => `${REPO}/pull/${PRS - n}`);
const pullRequests: PullRequestInfo[] = urls.map((url, n) => ({
  provider: 'github',
  repoUrl: REPO,
  number: PRS - n,
  title: 't'.repeat(256),
  url,
  state: 'open',
  sourceBranch: 'x',
  targetBranch: `base-${n}`,
  author: 'mallory',
  createdAt: null,
  promotion: null,
  orphaned: true,
}));

/** The summaries the backend's /snapshot makes of the Stages' details. */
function hostileSnapshot(): SnapshotResponse {
  const stages = Array.from({ length: STAGES }, (_, i) =>
    toStageSummary({
      ...stageSummary({ project: 'mallory', name: `s${i}` }),
      openPullRequests: PRS,
      // As a detail built before the cap held them: every URL.
      openPullRequestUrls: urls,
      verifications: [],
      pullRequests,
      pullRequestErrors: [],
      lastUpdated: null,
      stale: false,
    }),
  );
  return snapshot(
    instanceSnapshot({ projects: ['mallory', 'shared'], stages }),
  );
}

describe('the catalog of a hostile project (attack 8)', () => {
  it('carries the newest 20 of 200 open PRs per Stage: 2,000 Stages make a /snapshot under 8 MB (was 68 MB) and Stage entities of 21 links and a 3.4 KB annotation each (was 214 MB of 201 links and 30 KB)', async () => {
    const body = hostileSnapshot();
    const [first] = body.instances[0].stages;
    expect(first.openPullRequests).toBe(PRS);
    expect(first.orphanedPullRequests).toBe(PRS);
    expect(first.openPullRequestUrls).toEqual(urls.slice(0, 20));
    // What GET /snapshot answers the module every 30 s (its default schedule).
    expect(JSON.stringify(body).length).toBeLessThan(8_000_000);
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
    const annotations = entities[0].metadata.annotations!;
    expect(entities[0].metadata.links).toHaveLength(21); // and "Open in Kargo"
    expect(annotations['kargo.akuity.io/open-pull-requests']).toBe('200');
    expect(
      annotations['kargo.akuity.io/pull-request-urls'].length,
    ).toBeLessThan(3_500);
    const size = entities.reduce((n, e) => n + JSON.stringify(e).length, 0);
    expect(size).toBeLessThan(25_000_000);
  });

  it('links at most 20 pull requests of a summary that lists 200 (one not made by this backend)', () => {
    const entity = buildStageEntity(
      stageSummary({
        project: 'mallory',
        name: 's',
        openPullRequests: PRS,
        openPullRequestUrls: urls,
      }),
      'group:default/mallory',
    );
    expect(entity.metadata.links).toHaveLength(21);
    expect(
      entity.metadata.annotations!['kargo.akuity.io/pull-request-urls'].split(
        ' ',
      ),
    ).toEqual(urls.slice(0, 20));
    expect(
      entity.metadata.annotations!['kargo.akuity.io/open-pull-requests'],
    ).toBe('200');
  });

  it('gives every entity annotated with the project two relations per Stage (dependsOn and its dependencyOf), however many PRs the Stages have', async () => {
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
    const relations = emitted.filter(r => r.type === 'relation');
    expect(relations).toHaveLength(2 * STAGES);
    // One pair per Stage entity: no PR makes a relation.
    const stageNames = relations.flatMap(r => {
      if (r.type !== 'relation') return [];
      return r.relation.type === 'dependsOn'
        ? [r.relation.target.name]
        : [r.relation.source.name];
    });
    const targets = new Set(stageNames);
    expect(targets.size).toBe(STAGES);
    // The count is exact, though each Stage names only 20 URLs.
    expect(
      result.metadata.annotations!['kargo.akuity.io/open-pull-requests'],
    ).toBe(String(STAGES * PRS));
  });
});
