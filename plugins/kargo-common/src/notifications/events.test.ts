import { prodRunningPromotion } from '../__testUtils__/checkout';
import {
  prodDetail as prod,
  qaDetail as qa,
  stagingDetail as staging,
} from '../__testUtils__/details';
import type { StageDetail } from '../types';
import { eventsOfStage, newStageEvents } from './events';
import { severityOfStage } from './severity';

const HOUR = 3_600_000;
const options = { now: Date.UTC(2026, 10, 30, 12, 0), promotionWaitMs: HOUR };

describe('eventsOfStage', () => {
  it('announces a failed current verification with its failing metric, keyed by the verification', () => {
    const [event] = eventsOfStage(qa, options);
    const current = qa.verifications.find(v => v.current)!;
    expect(event).toMatchObject({
      kind: 'verification-failed',
      key: `verification:sandbox/payments/qa/${current.id}`,
      title: 'Kargo verification Failed on payments/qa',
      description: expect.stringMatching(/ Failed: .+/),
    });
  });

  it('says nothing about failed history when the current verification succeeded', () => {
    expect(staging.verifications.some(v => v.phase === 'Failed')).toBe(true);
    expect(eventsOfStage(staging, options)).toEqual([]);
  });

  it('announces the orphaned PR and the Promotion waiting longer than allowed on its PR', () => {
    const events = eventsOfStage(prod, options);
    expect(events.map(e => [e.kind, e.key])).toEqual([
      [
        'promotion-waiting',
        `promotion:sandbox/checkout/${prodRunningPromotion.metadata!.name}`,
      ],
      [
        'pull-request-orphaned',
        'pull-request:https://github.com/acme/checkout-deploy/pull/41',
      ],
    ]);
    expect(events[0].description).toMatch(
      /^It has waited 119 minutes for https:\/\/github.com\/acme\/checkout-deploy\/pull\/42/,
    );
    expect(events[0].title).toMatch(/ waits on pull request #42$/);
    expect(events[1].title).toBe('Orphaned pull request #41 for checkout/prod');
    // Within the allowed time the Promotion is not announced.
    expect(
      eventsOfStage(prod, { ...options, promotionWaitMs: 3 * HOUR }).map(
        e => e.kind,
      ),
    ).toEqual(['pull-request-orphaned']);
  });

  it("words a GitLab merge request in GitLab's terms: merge request !7, never PR #7", () => {
    const gitlab: StageDetail = {
      ...prod,
      pullRequests: prod.pullRequests.map(pr => ({
        ...pr,
        provider: 'gitlab',
        url: pr.url.replace('/pull/', '/-/merge_requests/'),
      })),
    };
    const [waiting, orphaned] = eventsOfStage(gitlab, options);
    expect(waiting.title).toMatch(/ waits on merge request !42$/);
    expect(waiting.description).toMatch(
      /Kargo fails the Promotion if the merge request stays open too long$/,
    );
    expect(orphaned.title).toBe('Orphaned merge request !41 for checkout/prod');
  });
});

describe('newStageEvents', () => {
  it('announces only what the change brings', () => {
    const running: StageDetail = {
      ...qa,
      verifications: qa.verifications.map(v =>
        v.current ? { ...v, phase: 'Running' } : v,
      ),
    };
    expect(newStageEvents(running, qa, options).map(e => e.kind)).toEqual([
      'verification-failed',
    ]);
    expect(newStageEvents(qa, qa, options)).toEqual([]);
    // First sight: whatever holds (the caller's record of sent keys dedupes).
    expect(newStageEvents(undefined, qa, options)).toHaveLength(1);
  });
});

describe('severityOfStage', () => {
  it('prefers project/stage over stage over the default', () => {
    const config = {
      default: 'normal' as const,
      stages: { prod: 'high' as const, 'checkout/prod': 'critical' as const },
    };
    expect(
      severityOfStage(config, { project: 'checkout', stage: 'prod' }),
    ).toBe('critical');
    expect(
      severityOfStage(config, { project: 'payments', stage: 'prod' }),
    ).toBe('high');
    expect(severityOfStage(config, { project: 'payments', stage: 'qa' })).toBe(
      'normal',
    );
  });
});
