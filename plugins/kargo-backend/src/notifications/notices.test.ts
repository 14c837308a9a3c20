import type { KargoStageEvent } from '@kargo-backstage/plugin-kargo-common';
import { groupEvents, noticeOf } from './notices';

const orphan = (stage: string, n: number): KargoStageEvent => ({
  kind: 'pull-request-orphaned',
  key: `pull-request:https://github.com/o/r/pull/${n}`,
  instance: 'sandbox',
  project: 'payments',
  stage,
  title: `Orphaned pull request #${n} for payments/${stage}`,
  description: `"PR ${n}" is open but no Promotion waits for it any more`,
});

const failed: KargoStageEvent = {
  kind: 'verification-failed',
  key: 'verification:sandbox/payments/qa/v-1',
  instance: 'sandbox',
  project: 'payments',
  stage: 'qa',
  title: 'Kargo verification Failed on payments/qa',
  description: 'error-rate Failed',
};

describe('notices', () => {
  it('makes one notification per Stage and kind: one orphaned PR as ever, several as one naming three', () => {
    const groups = groupEvents([
      orphan('qa', 1),
      failed,
      orphan('prod', 9),
      orphan('qa', 2),
      orphan('qa', 3),
      orphan('qa', 4),
      orphan('qa', 5),
    ]);
    expect(groups.map(noticeOf)).toEqual([
      {
        title: '5 orphaned pull requests for payments/qa',
        description:
          "No Promotion waits for them any more: merge them with a new Promotion or close them (the Stage's Kargo tab lists them). pull request #1; pull request #2; pull request #3; and 2 more",
        scope: 'pull-request-orphaned:sandbox/payments/qa',
      },
      {
        title: failed.title,
        description: failed.description,
        scope: failed.key,
      },
      {
        title: 'Orphaned pull request #9 for payments/prod',
        description: orphan('prod', 9).description,
        scope: 'pull-request:https://github.com/o/r/pull/9',
      },
    ]);
  });
});
