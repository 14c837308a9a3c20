import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import type { SchedulerServiceTaskInvocationDefinition } from '@backstage/backend-plugin-api';
import type { Entity } from '@backstage/catalog-model';
import type { Knex } from 'knex';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type { NotificationSendOptions } from '@backstage/plugin-notifications-node';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { ReadDecisions } from '../permissions/readDecisions';
import { StageChanges } from '../services/snapshot/stageChanges';
import { KargoNotifier } from './KargoNotifier';
import { SentNotifications } from './SentNotifications';
import { StreamStageTransitionSource } from './stageTransitions';

/**
 * Attack 8: what one project member's Stages cost the notifier, and the
 * owners it tells.
 */
const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

const OWNER = 'user:default/alice';
const STAGES = 20;
const PRS = 200; // what a Stage is attributed at most (attribution.ts)
const LONG_AGO = '2020-01-01T00:00:00Z';

/** The Stage entity the catalog module makes of a Stage (stageEntity.ts). */
const stageEntity = (name: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: {
    name: `sandbox.payments.${name}`,
    namespace: 'default',
    annotations: {
      'kargo.akuity.io/instance': 'sandbox',
      'kargo.akuity.io/project': 'payments',
      'kargo.akuity.io/stage': name,
    },
  },
  spec: { type: 'kargo-stage', owner: OWNER },
});

const component: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'payments-api',
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'payments' },
  },
  spec: { owner: OWNER },
};

/** A Stage a Promotion waits on (one PR) with 199 orphaned PRs besides. */
const waitingStage = (name: string): StageDetail =>
  ({
    instance: 'sandbox',
    project: 'payments',
    name,
    verifications: [],
    pullRequests: Array.from({ length: PRS }, (_, i) => ({
      state: 'open',
      orphaned: i > 0,
      promotion: i === 0 ? `${name}.promo` : null,
      url: `https://github.com/mallory/repo/pull/${name}-${i}`,
      title: `PR ${i}`,
      provider: 'github',
      number: i + 1,
      createdAt: LONG_AGO,
    })),
  } as unknown as StageDetail);

/** A Stage whose current verification failed with these metrics. */
const failedStage = (
  name: string,
  metrics: StageDetail['verifications'][number]['metrics'],
): StageDetail =>
  ({
    instance: 'sandbox',
    project: 'payments',
    name,
    pullRequests: [],
    verifications: [
      {
        id: `${name}-run-1`,
        analysisRun: { name: `${name}.run-1`, namespace: 'payments' },
        phase: 'Failed',
        recordedPhase: 'Failed',
        stale: false,
        current: true,
        message: null,
        metrics,
      },
    ],
  } as unknown as StageDetail);

async function setup(knex: Knex, names: string[]) {
  const entities = [component, ...names.map(stageEntity)];
  const catalog = catalogServiceMock({ entities });
  const reads = { calls: 0, entities: 0 };
  const getEntities = catalog.getEntities.bind(catalog);
  catalog.getEntities = (async (...args: Parameters<typeof getEntities>) => {
    const answer = await getEntities(...args);
    reads.calls++;
    reads.entities += answer.items.length;
    return answer;
  }) as typeof catalog.getEntities;
  const decisions = new ReadDecisions();
  for (const name of names)
    decisions.record(OWNER, `sandbox/payments/${name}`, true);
  const sent: NotificationSendOptions[] = [];
  const notifier = new KargoNotifier({
    config: {
      enabled: true,
      promotionWaitMs: 3_600_000,
      severity: { default: 'normal', stages: {} },
    },
    notifications: { send: async n => void sent.push(n) },
    sent: await SentNotifications.create({
      getClient: async () => knex,
    } as any),
    catalog,
    auth: mockServices.auth(),
    logger: mockServices.logger.mock(),
    defaultInstance: 'sandbox',
    readDecisions: decisions,
  });
  const changes = new StageChanges();
  const scheduler = mockServices.scheduler.mock();
  const source = new StreamStageTransitionSource(
    changes,
    scheduler,
    { minutes: 1 },
    mockServices.logger.mock(),
  );
  await source.subscribe(list => notifier.onChanges(list));
  const task = scheduler.scheduleTask.mock
    .calls[0][0] as SchedulerServiceTaskInvocationDefinition;
  const scheduledLook = () => task.fn(new AbortController().signal);
  const queries = { count: 0 };
  knex.on('query', () => queries.count++);
  return { changes, reads, sent, scheduledLook, queries };
}

describe('KargoNotifier with a hostile project', () => {
  it('sends one notification per Stage for its 199 orphaned PRs, and reads neither catalog nor sends at a scheduled look with nothing new (issue 35, attack 8)', async () => {
    const knex = await databases.init('SQLITE_3');
    const names = Array.from({ length: STAGES }, (_, i) => `s${i}`);
    const { changes, reads, sent, scheduledLook, queries } = await setup(
      knex,
      names,
    );

    changes.emit(
      names.map(name => ({
        instance: 'sandbox',
        project: 'payments',
        stage: name,
        detail: waitingStage(name),
      })),
    );
    await scheduledLook(); // waits for the delivery above, then looks
    // One change of 20 Stages: 40 notifications to the owner (was 4,000),
    // per Stage one for its waiting Promotion and one naming a few of its
    // 199 orphaned PRs; one read of the annotated catalog (was 8,000).
    expect(sent).toHaveLength(2 * STAGES);
    expect(reads.calls).toBe(1);
    const s0 = sent.filter(n => /payments\/s0( |$)/.test(n.payload.title));
    expect(s0.map(n => n.payload.title)).toEqual([
      'Promotion s0.promo to payments/s0 waits on pull request #1',
      '199 orphaned pull requests for payments/s0',
    ]);
    expect(s0[1].payload.description).toMatch(
      /pull request #2; pull request #3; pull request #4; and 196 more$/,
    );

    reads.calls = 0;
    reads.entities = 0;
    queries.count = 0;
    await scheduledLook();
    await scheduledLook();
    // Nothing new: per look, one database query for the 20 waiting
    // Promotions (orphaned PRs are not looked at again) and no catalog read
    // (were 4,000 reads of 84,000 entities and 8,000 queries per look).
    expect(sent).toHaveLength(2 * STAGES);
    expect(reads.calls).toBe(0);
    expect(queries.count).toBe(2);
  });

  it('announces an event whose key is 2,000 characters once (a long verification id failed the insert on Postgres; issue 35, finding 5)', async () => {
    const knex = await databases.init('SQLITE_3');
    const { changes, sent, scheduledLook } = await setup(knex, ['qa']);
    const stage = failedStage('qa', []);
    stage.verifications[0].id = 'v'.repeat(2_000);
    const emit = () =>
      changes.emit([
        {
          instance: 'sandbox',
          project: 'payments',
          stage: 'qa',
          detail: stage,
        },
      ]);
    emit();
    changes.emit([
      { instance: 'sandbox', project: 'payments', stage: 'qa', detail: null },
    ]);
    emit(); // seen anew (e.g. after a restart): already sent
    await scheduledLook();
    expect(sent.map(n => n.payload.title)).toEqual([
      'Kargo verification Failed on payments/qa',
    ]);
    const rows = await knex('kargo_sent_notifications').select('key');
    expect(rows.map(r => r.key.length)).toEqual([64]);
  });

  it('sends a failed verification of 650 long failed metrics in a short description (was 1.3 MB)', async () => {
    const knex = await databases.init('SQLITE_3');
    const { changes, sent, scheduledLook } = await setup(knex, ['qa']);
    // An AnalysisRun under the API server's 1.5 MB (hostileEvents.test.ts in kargo-common): 650 failed
    // metrics of a 2,000-character message each (MAX_MESSAGE keeps them).
    const metrics = Array.from({ length: 650 }, (_, i) => ({
      name: `m${i}`,
      phase: 'Failed',
      message: 'x'.repeat(2_000),
      failedMeasurements: [],
    }));
    changes.emit([
      {
        instance: 'sandbox',
        project: 'payments',
        stage: 'qa',
        detail: failedStage('qa', metrics as any),
      },
    ]);
    await scheduledLook();
    expect(sent).toHaveLength(1);
    const description = sent[0].payload.description ?? '';
    expect(description.length).toBeLessThanOrEqual(2_500);
  });
});
