import {
  EntityPolicies,
  FieldFormatEntityPolicy,
  NoForeignRootFieldsEntityPolicy,
  resourceEntityV1alpha1Validator,
  SchemaValidEntityPolicy,
} from '@backstage/catalog-model';
import { stageEntityName } from '@kargo-backstage/plugin-kargo-common';
import { demoStages, stageSummary } from '../__fixtures__/snapshot';
import { buildStageEntity } from './stageEntity';

const policies = EntityPolicies.allOf([
  new SchemaValidEntityPolicy(),
  new NoForeignRootFieldsEntityPolicy(),
  new FieldFormatEntityPolicy(),
]);

const stage = (name: string) => demoStages.find(s => s.name === name)!;

describe('buildStageEntity', () => {
  it('builds a kargo-stage Resource the catalog accepts, for every demo Stage', async () => {
    for (const summary of demoStages) {
      const entity = buildStageEntity(summary, 'group:default/platform');
      await expect(policies.enforce(entity)).resolves.toBe(entity);
      await expect(resourceEntityV1alpha1Validator.check(entity)).resolves.toBe(
        true,
      );
    }
  });

  it('names, titles and owns the entity', () => {
    const entity = buildStageEntity(stage('qa'), 'group:default/payments');
    expect(entity.kind).toBe('Resource');
    expect(entity.spec).toEqual({
      type: 'kargo-stage',
      owner: 'group:default/payments',
    });
    expect(entity.metadata.name).toBe(
      stageEntityName('sandbox', 'payments', 'qa'),
    );
    expect(entity.metadata.namespace).toBe('default');
    expect(entity.metadata.title).toBe('payments/qa');
  });

  it('describes the Stage in words search finds: project, Stage and phase', () => {
    const description = buildStageEntity(stage('qa'), 'unknown').metadata
      .description!;
    const words = description.split(/[\s-]+/);
    expect(words).toEqual(expect.arrayContaining(['payments', 'qa']));
    expect(description).toMatch(/Failed/);
    expect(description).not.toContain('\n');
  });

  it('writes every annotation as a string', () => {
    const entity = buildStageEntity(stage('staging'), 'unknown');
    const url = 'http://127.0.0.1:7008/kargo/project/checkout/stage/staging';
    expect(entity.metadata.annotations).toEqual({
      'backstage.io/managed-by-location': `url:${url}`,
      'backstage.io/managed-by-origin-location': `url:${url}`,
      'backstage.io/view-url': url,
      'kargo.akuity.io/instance': 'sandbox',
      'kargo.akuity.io/project': 'checkout',
      'kargo.akuity.io/stage': 'staging',
      'kargo.akuity.io/verification-phase': 'Successful',
      'kargo.akuity.io/verification-stale': 'true',
      'kargo.akuity.io/open-pull-requests': '0',
      'kargo.akuity.io/orphaned-pull-requests': '0',
    });
  });

  it("writes no pull-request count while the Stage's repositories were not listed yet", () => {
    const entity = buildStageEntity(
      { ...stage('prod'), pullRequestsPending: true, openPullRequests: 0 },
      'unknown',
    );
    const annotations = entity.metadata.annotations!;
    expect(annotations).not.toHaveProperty(
      'kargo.akuity.io/open-pull-requests',
    );
    expect(annotations).not.toHaveProperty(
      'kargo.akuity.io/orphaned-pull-requests',
    );
    expect(annotations['kargo.akuity.io/stage']).toBe('prod');
  });

  it('links Kargo and every open pull request, and lists their URLs', () => {
    const entity = buildStageEntity(stage('prod'), 'unknown');
    expect(entity.metadata.links).toEqual([
      {
        url: 'http://127.0.0.1:7008/kargo/project/checkout/stage/prod',
        title: 'Open in Kargo',
        icon: 'dashboard',
      },
      {
        url: 'https://github.com/acme/checkout-deploy/pull/42',
        title: 'Pull request acme/checkout-deploy#42',
        icon: 'github',
      },
      {
        url: 'https://github.com/acme/checkout-deploy/pull/41',
        title: 'Pull request acme/checkout-deploy#41',
        icon: 'github',
      },
    ]);
    expect(entity.metadata.annotations).toMatchObject({
      'kargo.akuity.io/open-pull-requests': '2',
      'kargo.akuity.io/pull-request-urls':
        'https://github.com/acme/checkout-deploy/pull/42 https://github.com/acme/checkout-deploy/pull/41',
      'kargo.akuity.io/verification-phase': 'None',
    });
  });

  it('falls back to a kargo: location and no view URL without a Kargo UI', () => {
    const entity = buildStageEntity(
      stageSummary({ project: 'checkout', name: 'dev', kargoUrl: null }),
      'unknown',
    );
    expect(entity.metadata.annotations).toMatchObject({
      'backstage.io/managed-by-location': 'kargo:sandbox',
      'backstage.io/managed-by-origin-location': 'kargo:sandbox',
    });
    expect(entity.metadata.annotations).not.toHaveProperty(
      'backstage.io/view-url',
    );
    expect(entity.metadata.links).toEqual([]);
  });

  it('keeps a long Stage name valid and distinct from its neighbours', async () => {
    const long =
      'a-very-long-stage-name-that-kargo-allows-but-the-catalog-does-not-x';
    const a = buildStageEntity(
      stageSummary({ project: 'p', name: `${long}1` }),
      'u',
    );
    const b = buildStageEntity(
      stageSummary({ project: 'p', name: `${long}2` }),
      'u',
    );
    await expect(policies.enforce(a)).resolves.toBe(a);
    expect(a.metadata.name.length).toBeLessThanOrEqual(63);
    expect(a.metadata.name).not.toBe(b.metadata.name);
    expect(a.metadata.title).toBe(`p/${long}1`);
  });

  it('names entities as the README documents', () => {
    expect(buildStageEntity(stage('qa'), 'u').metadata.name).toBe(
      'sandbox.payments.qa',
    );
    const long = stageSummary({
      project: 'payments',
      name: 'a-very-long-stage-name-that-kargo-allows-for-load-tests',
    });
    expect(buildStageEntity(long, 'u').metadata.name).toBe(
      'sandbox.payments.a-very-long-stage-name-that-kargo-all_a1a8fc0b',
    );
  });

  it('is deterministic, so unchanged Stages cause no catalog writes', () => {
    expect(buildStageEntity(stage('qa'), 'u')).toEqual(
      buildStageEntity(stage('qa'), 'u'),
    );
  });
});
