import { ConfigReader } from '@backstage/config';
import { readNotificationsConfig } from './config';
import { kargoStageResourceRef } from '@kargo-backstage/plugin-kargo-common';
import { ReadDecisions } from '../permissions/readDecisions';

const DAY = 24 * 3600_000;
const stage = { instance: 'sandbox', project: 'checkout', name: 'prod' };

function configOf(notifications: object) {
  return new ConfigReader({ kargo: { notifications } });
}

describe('kargo.notifications', () => {
  it('tells an owner for 7 days after their last allowed read, by default', () => {
    expect(readNotificationsConfig(configOf({})).readDecisionMaxAgeMs).toBe(
      7 * DAY,
    );
  });

  it('takes readDecisionMaxAge as a duration, and owners stop hearing after it', () => {
    const { readDecisionMaxAgeMs } = readNotificationsConfig(
      configOf({ readDecisionMaxAge: { hours: 12 } }),
    );
    expect(readDecisionMaxAgeMs).toBe(DAY / 2);
    const decisions = new ReadDecisions(readDecisionMaxAgeMs);
    decisions.record(
      'user:default/alice',
      kargoStageResourceRef(stage),
      true,
      0,
    );
    const ref = 'user:default/alice';
    expect(decisions.allows(ref, stage, DAY / 2)).toBe(true);
    expect(decisions.allows(ref, stage, DAY / 2 + 1)).toBe(false);
  });

  it('accepts an ISO 8601 duration', () => {
    expect(
      readNotificationsConfig(configOf({ readDecisionMaxAge: 'P1D' }))
        .readDecisionMaxAgeMs,
    ).toBe(DAY);
  });

  it('refuses a zero duration with a message naming the key', () => {
    expect(() =>
      readNotificationsConfig(configOf({ readDecisionMaxAge: { days: 0 } })),
    ).toThrow('kargo.notifications.readDecisionMaxAge');
  });

  it('refuses more than 90 days, so a revoked owner is never told for long', () => {
    expect(
      readNotificationsConfig(configOf({ readDecisionMaxAge: { days: 90 } }))
        .readDecisionMaxAgeMs,
    ).toBe(90 * DAY);
    expect(() =>
      readNotificationsConfig(configOf({ readDecisionMaxAge: { days: 91 } })),
    ).toThrow(/readDecisionMaxAge: .*at most 90 days/);
    expect(() =>
      readNotificationsConfig(configOf({ readDecisionMaxAge: { years: 10 } })),
    ).toThrow('kargo.notifications.readDecisionMaxAge');
  });
});
