import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type { NotificationSendOptions } from '@backstage/plugin-notifications-node';
import type { Entity } from '@backstage/catalog-model';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { ReadDecisions } from '../permissions/readDecisions';
import { KargoNotifier } from './KargoNotifier';

/** alice read payments/qa and was allowed; mallory asked and was denied. */
function decisions() {
  const d = new ReadDecisions();
  d.record('user:default/alice', 'sandbox/payments/qa', true);
  d.record('user:default/mallory', 'sandbox/payments/qa', false);
  return d;
}
import { SentNotifications } from './SentNotifications';

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

const failedQa: StageDetail = {
  instance: 'sandbox',
  project: 'payments',
  name: 'qa',
  phase: 'Failed',
  health: null,
  currentFreight: null,
  verificationPhase: 'Failed',
  verificationStale: false,
  verificationCounts: { total: 1, failed: 1, running: 0, successful: 0 },
  openPullRequests: 0,
  actions: {
    reverify: { allowed: true, reason: null },
    abort: { allowed: false, reason: 'done' },
  },
  kargoUrl: null,
  error: null,
  verifications: [
    {
      id: 'v-1',
      analysisRun: { name: 'qa.run-1', namespace: 'payments' },
      freightCollectionId: 'c',
      freight: null,
      phase: 'Failed',
      recordedPhase: 'Failed',
      stale: false,
      startTime: null,
      finishTime: null,
      message: null,
      actor: null,
      current: true,
      metrics: [
        {
          name: 'error-rate',
          phase: 'Failed',
          message: 'Metric "error-rate" assessed Failed',
          failedMeasurements: [],
        },
      ],
    },
  ],
  pullRequests: [],
  pullRequestErrors: [],
  lastUpdated: null,
  stale: false,
};

const entities: Entity[] = [
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'payments-api',
      namespace: 'default',
      annotations: { 'kargo.akuity.io/project': 'payments' },
    },
    spec: { owner: 'user:default/alice' },
  },
  {
    // Registered by someone the policy does not let read payments.
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'snoop',
      namespace: 'default',
      annotations: { 'kargo.akuity.io/project': 'payments' },
    },
    spec: { owner: 'user:default/mallory' },
  },
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'storefront',
      namespace: 'default',
      annotations: {
        'kargo.akuity.io/project': 'checkout,payments',
        'kargo.akuity.io/stages': 'uat',
      },
    },
    spec: { owner: 'user:default/bob' },
  },
];

describe('KargoNotifier', () => {
  it.each(databases.eachSupportedId())(
    'announces an event once, across replicas and restarts (%p)',
    async id => {
      const knex = await databases.init(id);
      const database = { getClient: async () => knex } as any;
      const sent: NotificationSendOptions[] = [];
      const replica = async () =>
        new KargoNotifier({
          config: {
            enabled: true,
            promotionWaitMs: 3_600_000,
            severity: { default: 'normal', stages: { qa: 'high' } },
          },
          notifications: { send: async n => void sent.push(n) },
          sent: await SentNotifications.create(database),
          catalog: catalogServiceMock({ entities }),
          auth: mockServices.auth(),
          logger: mockServices.logger.mock(),
          defaultInstance: 'sandbox',
          readDecisions: decisions(),
        });
      const [a, b] = [await replica(), await replica()];
      // Both replicas see the failure at once (no previous: e.g. just restarted).
      await Promise.all([
        a.onChanges([{ previous: undefined, next: failedQa }]),
        b.onChanges([{ previous: undefined, next: failedQa }]),
      ]);
      await (
        await replica()
      ).onChanges([{ previous: undefined, next: failedQa }]);

      expect(sent).toEqual([
        {
          // storefront restricts itself to uat: not its Stage. snoop's
          // owner may not read payments: not told.
          recipients: {
            type: 'entity',
            entityRef: ['user:default/alice'],
          },
          payload: {
            title: 'Kargo verification Failed on payments/qa',
            description:
              'error-rate Failed: Metric "error-rate" assessed Failed (AnalysisRun qa.run-1)',
            link: '/catalog/default/component/payments-api/kargo',
            severity: 'high',
            topic: 'Kargo payments',
            scope: 'verification:sandbox/payments/qa/v-1',
          },
        },
      ]);
    },
  );

  it('gives the key back when sending fails, so the next look retries', async () => {
    const knex = await databases.init('SQLITE_3');
    const database = { getClient: async () => knex } as any;
    let fail = true;
    const sent: string[] = [];
    const notifier = new KargoNotifier({
      config: {
        enabled: true,
        promotionWaitMs: 3_600_000,
        severity: { default: 'normal', stages: {} },
      },
      notifications: {
        send: async n => {
          if (fail) throw new Error('notifications backend unavailable');
          sent.push(n.payload.title);
        },
      },
      sent: await SentNotifications.create(database),
      catalog: catalogServiceMock({ entities }),
      auth: mockServices.auth(),
      logger: mockServices.logger.mock(),
      defaultInstance: 'sandbox',
      readDecisions: decisions(),
    });
    await notifier.onChanges([{ previous: undefined, next: failedQa }]);
    expect(sent).toEqual([]);
    fail = false;
    await notifier.onChanges([{ previous: undefined, next: failedQa }]);
    expect(sent).toEqual(['Kargo verification Failed on payments/qa']);
  });

  it("links each reader to an entity they own, never to another owner's entity", async () => {
    const knex = await databases.init('SQLITE_3');
    const database = { getClient: async () => knex } as any;
    const sent: NotificationSendOptions[] = [];
    const readers = decisions();
    readers.record('user:default/carol', 'sandbox/payments/qa', true);
    readers.record('user:default/mallory', 'sandbox/payments/qa', true);
    const carol: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'User',
      metadata: { name: 'carol', namespace: 'default' },
      spec: {},
      relations: [{ type: 'memberOf', targetRef: 'group:default/team-c' }],
    };
    const teamC: Entity = {
      ...entities[0],
      metadata: { ...entities[0].metadata, name: 'payments-worker' },
      spec: { owner: 'team-c' },
    };
    const notifier = new KargoNotifier({
      config: {
        enabled: true,
        promotionWaitMs: 3_600_000,
        severity: { default: 'normal', stages: {} },
      },
      notifications: { send: async n => void sent.push(n) },
      sent: await SentNotifications.create(database),
      // mallory's entity comes first: it must not be anyone else's link.
      catalog: catalogServiceMock({
        entities: [entities[1], entities[0], teamC, carol],
      }),
      auth: mockServices.auth(),
      logger: mockServices.logger.mock(),
      defaultInstance: 'sandbox',
      readDecisions: readers,
    });
    await notifier.onChanges([{ previous: undefined, next: failedQa }]);
    const linkOf = (user: string) =>
      sent.find(n =>
        (n.recipients as { entityRef: string[] }).entityRef.includes(user),
      )?.payload.link;
    expect(linkOf('user:default/mallory')).toBe(
      '/catalog/default/component/snoop/kargo',
    );
    expect(linkOf('user:default/alice')).toBe(
      '/catalog/default/component/payments-api/kargo',
    );
    expect(linkOf('user:default/carol')).toBe(
      '/catalog/default/component/payments-worker/kargo',
    );
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map(n => n.payload.scope)).size).toBe(1);
  });

  it('tells no owner the policy did not let read the Stage (issue 35 finding 1)', async () => {
    const knex = await databases.init('SQLITE_3');
    const database = { getClient: async () => knex } as any;
    const sent: NotificationSendOptions[] = [];
    const sentNotifications = await SentNotifications.create(database);
    const notifier = (readDecisions: ReadDecisions) =>
      new KargoNotifier({
        config: {
          enabled: true,
          promotionWaitMs: 3_600_000,
          severity: { default: 'normal', stages: {} },
        },
        notifications: { send: async n => void sent.push(n) },
        sent: sentNotifications,
        catalog: catalogServiceMock({
          entities: entities.filter(e => e.metadata.name === 'snoop'),
        }),
        auth: mockServices.auth(),
        logger: mockServices.logger.mock(),
        defaultInstance: 'sandbox',
        readDecisions,
      });
    // mallory owns an annotated entity; the policy denied (or never allowed) her.
    await notifier(decisions()).onChanges([
      { previous: undefined, next: failedQa },
    ]);
    await notifier(new ReadDecisions()).onChanges([
      { previous: undefined, next: failedQa },
    ]);
    expect(sent).toEqual([]);
    // Allowed once, then denied since (her access was taken away): still nothing.
    const revoked = new ReadDecisions();
    revoked.record('user:default/mallory', 'sandbox/payments/qa', true);
    revoked.record('user:default/mallory', 'sandbox/payments/qa', false);
    await notifier(revoked).onChanges([
      { previous: undefined, next: failedQa },
    ]);
    expect(sent).toEqual([]);
  });
});
