import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStagePromotePermission,
  kargoStageReadPermission,
} from '@kargo-backstage/plugin-kargo-common';
import { ReadDecisions, recordingReadDecisions } from './readDecisions';

const qa = { instance: 'sandbox', project: 'payments', name: 'qa' };

describe('ReadDecisions', () => {
  it('allows a user the policy allowed recently, and no longer after a deny or once too old', () => {
    const d = new ReadDecisions(1_000);
    expect(d.allows('user:default/alice', qa, 0)).toBe(false);
    d.record('user:default/alice', 'sandbox/payments/qa', true, 0);
    expect(d.allows('user:default/alice', qa, 500)).toBe(true);
    expect(d.allows('user:default/alice', qa, 1_500)).toBe(false);
    d.record('user:default/alice', 'sandbox/payments/qa', false, 600);
    expect(d.allows('user:default/alice', qa, 700)).toBe(false);
    expect(d.allows('user:default/bob', qa, 700)).toBe(false);
  });

  it("forgets a user's oldest Stages past their own bound, and the user who least recently read past the bound on users", () => {
    const d = new ReadDecisions(Number.POSITIVE_INFINITY, 2, 2);
    d.record('user:default/a', 'sandbox/payments/qa', true);
    d.record('user:default/b', 'sandbox/payments/qa', true);
    d.record('user:default/b', 'sandbox/payments/uat', true);
    d.record('user:default/b', 'sandbox/payments/prod', true);
    expect(d.allows('user:default/b', qa)).toBe(false);
    expect(d.allows('user:default/b', { ...qa, name: 'prod' })).toBe(true);
    expect(d.allows('user:default/a', qa)).toBe(true);
    d.record('user:default/a', 'sandbox/payments/uat', true);
    d.record('user:default/c', 'sandbox/payments/qa', true);
    expect(d.allows('user:default/b', { ...qa, name: 'prod' })).toBe(false);
    expect(d.allows('user:default/a', qa)).toBe(true);
    expect(d.allows('user:default/c', qa)).toBe(true);
  });
});

describe('recordingReadDecisions', () => {
  it("records users' kargo.stage.read decisions on Stages, answers unchanged, services and other permissions ignored", async () => {
    const inner = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map((_, i) => ({
          result: i === 0 ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
        })),
    });
    const decisions = new ReadDecisions();
    const permissions = recordingReadDecisions(inner, decisions);
    const answers = await permissions.authorize(
      [
        {
          permission: kargoStageReadPermission,
          resourceRef: 'sandbox/payments/qa',
        },
        {
          permission: kargoStageReadPermission,
          resourceRef: 'sandbox/payments/prod',
        },
      ],
      { credentials: mockCredentials.user('user:default/alice') },
    );
    expect(answers.map(a => a.result)).toEqual([
      AuthorizeResult.ALLOW,
      AuthorizeResult.DENY,
    ]);
    expect(decisions.allows('user:default/alice', qa)).toBe(true);
    expect(
      decisions.allows('user:default/alice', { ...qa, name: 'prod' }),
    ).toBe(false);

    await permissions.authorize(
      [
        {
          permission: kargoStagePromotePermission,
          resourceRef: 'sandbox/payments/uat',
        },
      ],
      { credentials: mockCredentials.user('user:default/bob') },
    );
    await permissions.authorize(
      [
        {
          permission: kargoStageReadPermission,
          resourceRef: 'sandbox/payments/uat',
        },
      ],
      { credentials: mockCredentials.service('external:bot') },
    );
    expect(decisions.allows('user:default/bob', { ...qa, name: 'uat' })).toBe(
      false,
    );
    expect(decisions.allows('external:bot', { ...qa, name: 'uat' })).toBe(
      false,
    );
  });
});
