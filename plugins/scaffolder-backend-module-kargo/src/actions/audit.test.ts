import { mockCredentials } from '@backstage/backend-test-utils';
import type { ActionContext } from '@backstage/plugin-scaffolder-node';
import {
  actionContext,
  actionOptions,
  denyWrites,
  allowAll,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPromoteAction } from './promote';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';
import { createKargoReverifyAction } from './reverify';

jest.setTimeout(60_000);

// Every write, opening a pull request too, is audited by the one write
// pipeline (meta `actor`, `actedAs`).

describe('auditing and gating the initiator of every Kargo write', () => {
  let env: KargoTestEnv;
  useKargoTestEnv(
    started => {
      env = started;
    },
    { allowAll: true },
  );
  beforeEach(() => env.auditor.events.splice(0));

  const writes = (): Array<{
    eventId: string;
    action: { handler(ctx: ActionContext<any, any>): Promise<void> };
    input: Record<string, string>;
  }> => [
    {
      eventId: 'kargo-promote',
      action: createKargoPromoteAction(actionOptions(env)),
      input: { project: 'checkout', stage: 'staging', freight: 'calm-heron' },
    },
    {
      eventId: 'kargo-reverify',
      action: createKargoReverifyAction(actionOptions(env)),
      input: { project: 'payments', stage: 'prod' },
    },
    {
      eventId: 'kargo-pull-request-open',
      action: createKargoPullRequestOpenAction(actionOptions(env)),
      input: { project: 'payments', stage: 'prod', title: 'Audited' },
    },
  ];

  it('records an auditor event naming the initiating user for every promote, reverify and pull request open that succeeds', async () => {
    const user = mockCredentials.user('user:default/alice');
    for (const { action, input } of writes()) {
      await action.handler(actionContext(input, { credentials: user }));
    }
    expect(env.auditor.events).toEqual(
      writes().map(w =>
        expect.objectContaining({
          eventId: w.eventId,
          outcome: 'succeeded',
          meta: expect.objectContaining({
            project: w.input.project,
            stage: w.input.stage,
            actor: 'user:default/alice',
          }),
        }),
      ),
    );
  });

  it('records a failed auditor event, with the initiating user, for every write a permission denies', async () => {
    denyWrites(env);
    try {
      for (const { action, input } of writes()) {
        await expect(
          action.handler(
            actionContext(input, {
              credentials: mockCredentials.user('user:default/mallory'),
            }),
          ),
        ).rejects.toMatchObject({ name: 'NotAllowedError' });
      }
      expect(env.auditor.events).toEqual(
        writes().map(w =>
          expect.objectContaining({
            eventId: w.eventId,
            outcome: 'failed',
            error: expect.stringMatching(/Not allowed/),
            meta: expect.objectContaining({
              actor: 'user:default/mallory',
            }),
          }),
        ),
      );
    } finally {
      allowAll(env);
    }
  });

  it('refuses a task created by a service principal, before any permission check or cluster call, unless config allows it', async () => {
    const service = mockCredentials.service('external:ci-bot');
    const before = env.sandbox.faults.counts();
    for (const { action, input } of writes()) {
      await expect(
        action.handler(actionContext(input, { credentials: service })),
      ).rejects.toMatchObject({
        name: 'NotAllowedError',
        message: expect.stringMatching(
          /not started by a person \(service external:ci-bot\).*kargo\.scaffolder\.allowServicePrincipals/,
        ),
      });
    }
    expect(env.permissions.authorize).not.toHaveBeenCalled();
    expect(env.sandbox.faults.counts()).toEqual(before);
    // Refused before the write pipeline: no event, for any of them.
    expect(env.auditor.events).toEqual([]);

    // Another Stage: payments/prod is verifying again after the first test.
    // The scaffolder lets the service's tasks run, and the write pipeline
    // lets the service write (kargo.access.services[].write).
    const allowed = createKargoReverifyAction({
      ...actionOptions(env, {
        serviceWriters: new Set(['external:ci-bot']),
      }),
      allowServicePrincipals: true,
    });
    await allowed.handler(
      actionContext(
        { project: 'checkout', stage: 'dev' },
        { credentials: service },
      ),
    );
    expect(env.auditor.events.at(-1)).toMatchObject({
      eventId: 'kargo-reverify',
      outcome: 'succeeded',
      meta: { actor: 'external:ci-bot', actedAs: 'kubernetes' },
    });
  });
});
