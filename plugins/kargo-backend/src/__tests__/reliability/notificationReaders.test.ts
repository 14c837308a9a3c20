import request from 'supertest';
import { createServiceFactory } from '@backstage/backend-plugin-api';
import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  notificationService,
  type NotificationSendOptions,
} from '@backstage/plugin-notifications-node';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import { paymentsComponent as component } from '../../notifications/__testUtils__/catalogOverHttp';

// Issue 35, finding 1: notifications went to the owners of every entity
// annotated with a project, read with the plugin's own credentials. Whoever
// registered an annotated Component for a project they may not read received
// its failure reasons. Now only owners the policy let read the Stage hear.
jest.setTimeout(60_000);

const ALICE = 'user:default/alice';
const MALLORY = 'user:default/mallory';

describe('notifications follow kargo.stage.read per recipient', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const sent: NotificationSendOptions[] = [];

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    const config = kargoConfig(sandbox, 1, 'poll');
    backend = await startReliabilityBackend({
      sandbox,
      config: {
        ...config,
        kargo: { ...config.kargo, notifications: { enabled: true } },
      },
      entities: [
        component('payments-api', ALICE),
        // Registered by mallory, whom the policy does not let read payments.
        component('snoop', MALLORY),
      ],
      features: [
        createServiceFactory({
          service: notificationService,
          deps: {},
          factory: () => ({
            send: async (notification: NotificationSendOptions) => {
              sent.push(notification);
            },
          }),
        }),
      ],
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
  });

  it('an owner the policy denies on the project is told nothing of it, an owner who read the Stage is told', async () => {
    let mallory = false;
    backend.decide((permission, ref) =>
      permission === 'kargo.stage.read' &&
      ref?.startsWith('sandbox/payments/') &&
      mallory
        ? AuthorizeResult.DENY
        : AuthorizeResult.ALLOW,
    );
    // Both open each payments Stage (the Kargo tab reads them so) before the
    // first refresh finds their failed verifications.
    const stageType = sandbox.registry.find(
      'kargo.akuity.io',
      'v1alpha1',
      'stages',
    )!;
    const stages = sandbox.store
      .list(stageType, 'payments')
      .map(s => s.metadata.name as string);
    expect(stages).toContain('qa');
    const read = (user: string, stage: string) =>
      request(backend.server)
        .get(`/api/kargo/projects/payments/stages/${stage}`)
        .set('Authorization', mockCredentials.user.header(user));
    for (const stage of stages) {
      mallory = false;
      await read(ALICE, stage);
      mallory = true;
      expect((await read(MALLORY, stage)).status).toBe(404);
    }

    await backend.refresh();

    const payments = sent.filter(n => n.payload.topic === 'Kargo payments');
    expect(payments.length).toBeGreaterThan(0);
    for (const notification of payments) {
      expect(notification.recipients).toEqual({
        type: 'entity',
        entityRef: [ALICE],
      });
    }
    // Nothing at all reaches mallory, or her entity's owners.
    expect(JSON.stringify(sent)).not.toMatch(/mallory|snoop/);
  });
});
