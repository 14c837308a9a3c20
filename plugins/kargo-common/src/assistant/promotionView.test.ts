import type { PromotionTimelineEntry, StageDetail } from '../types';
import { toAssistantStageView } from './stageView';
import { toAssistantPromotions } from './promotionView';
import { prodDetail as prod } from '../__testUtils__/details';

const promotion = (
  extra: Partial<PromotionTimelineEntry>,
): PromotionTimelineEntry => ({
  name: 'prod.01j.abc1234',
  freight: { name: 'abc1234', alias: 'bold-fox' },
  actor: 'email:alice@example.com',
  createdAt: '2026-12-01T09:00:00Z',
  startedAt: '2026-12-01T09:00:01Z',
  finishedAt: null,
  phase: 'Running',
  message: null,
  failedStep: null,
  currentStep: null,
  pullRequest: null,
  verification: null,
  ...extra,
});

const NO_PR_NUMBER = 'no PR number found in output from step "open-pr"';

/** A Stage whose Promotion waits on a merge request after an earlier one failed at open-pr. */
const waiting: StageDetail = {
  ...prod,
  promotions: [
    promotion({
      name: 'prod.01k.new',
      currentStep: {
        alias: 'wait-for-pr',
        uses: 'git-wait-for-pr',
        status: 'Running',
        message: null,
        startedAt: '2026-12-02T10:00:00Z',
      },
    }),
    promotion({
      name: 'prod.01j.old',
      phase: 'Errored',
      finishedAt: '2026-12-01T09:05:00Z',
      failedStep: {
        alias: 'wait-for-pr',
        uses: 'git-wait-for-pr',
        status: 'Errored',
        message: NO_PR_NUMBER,
        startedAt: '2026-12-01T09:04:00Z',
      },
    }),
  ],
  waitingOnPullRequest: {
    promotion: 'prod.01k.new',
    number: 7,
    provider: 'gitlab',
    url: 'https://gitlab.example.com/acme/deploy/-/merge_requests/7',
    since: '2026-12-02T10:00:05Z',
  },
};

describe('the Promotion timeline for assistants (get-stage)', () => {
  it("tells the merge request a running Promotion waits on, since when, and the earlier failure with Kargo's message", () => {
    const view = toAssistantStageView(waiting);
    expect(view.promotions).toEqual([
      expect.objectContaining({
        name: 'prod.01k.new',
        phase: 'Running',
        freight: 'bold-fox',
        currentStep: 'wait-for-pr (git-wait-for-pr)',
        waitingOn:
          'merge request !7 (https://gitlab.example.com/acme/deploy/-/merge_requests/7) to be merged, since 2026-12-02T10:00:05Z',
      }),
      expect.objectContaining({
        name: 'prod.01j.old',
        phase: 'Errored',
        failedStep: `wait-for-pr (git-wait-for-pr): ${NO_PR_NUMBER}`,
      }),
    ]);
    expect(view.summary).toContain(
      'Promotion prod.01k.new waits for merge request !7',
    );
    expect(view.summary).toContain(
      `Promotion prod.01j.old Errored at step wait-for-pr: ${NO_PR_NUMBER}`,
    );
  });

  it('says "pull request #" for GitHub, and no failure once a later Promotion succeeded', () => {
    const view = toAssistantStageView({
      ...waiting,
      promotions: [
        promotion({ name: 'prod.01m.ok', phase: 'Succeeded' }),
        ...waiting.promotions!,
      ],
      waitingOnPullRequest: {
        ...waiting.waitingOnPullRequest!,
        provider: 'github',
        url: 'https://github.com/acme/deploy/pull/7',
      },
    });
    expect(view.summary).toContain('waits for pull request #7');
    expect(view.summary).not.toContain('Errored');
  });

  it('tells at most ten Promotions, and none for a Stage without', () => {
    const many = Array.from({ length: 15 }, (_, i) =>
      promotion({ name: `prod.${i}`, phase: 'Succeeded' }),
    );
    expect(toAssistantPromotions({ promotions: many })).toHaveLength(10);
    expect(toAssistantPromotions({})).toEqual([]);
  });

  it('tells the Freight offered although re-verified with a failure upstream (akuity/kargo#5144)', () => {
    const view = toAssistantStageView({
      ...waiting,
      freightOptions: [
        {
          name: 'f1',
          alias: 'calm-heron',
          origin: 'Warehouse/checkout',
          createdAt: null,
          available: true,
          reason: 'verified in uat',
          approved: false,
          current: false,
          reverifiedFailed: [
            {
              stage: 'uat',
              verifiedAt: '2026-12-01T09:00:05Z',
              reverifiedAt: '2026-12-02T09:00:05Z',
              phase: 'Failed',
              metric: 'error-rate',
            },
          ],
        },
      ],
    });
    expect(view.freightWarnings).toEqual([
      'Freight calm-heron: verified in uat on 2026-12-01T09:00:05Z, but re-verified there on 2026-12-02T09:00:05Z: Failed (metric error-rate)',
    ]);
    expect(toAssistantStageView(waiting).freightWarnings).toEqual([]);
  });
});
