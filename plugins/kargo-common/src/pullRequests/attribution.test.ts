import { promotion, stage } from '../__testUtils__/builders';
import {
  checkoutPullRequests,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingPromotion,
} from '../__testUtils__/checkout';
import {
  paymentsMergeRequests,
  paymentsProdPromotion,
  paymentsProdStage,
  paymentsProdSteps,
  paymentsRepo,
} from '../__testUtils__/payments';
import type { OpenPullRequest } from '../types';
import { attributePullRequests } from './attribution';

const promotions = [
  prodRunningPromotion,
  prodFailedPromotion,
  stagingPromotion,
];

describe('attributePullRequests', () => {
  const prs = attributePullRequests({
    stage: prodStage,
    promotions,
    pullRequests: checkoutPullRequests,
  });

  it('lists the recorded PR with its Promotion and the orphaned PR of the failed one (checkout/prod)', () => {
    expect(prs.map(pr => [pr.number, pr.promotion, pr.orphaned])).toEqual([
      [42, prodRunningPromotion.metadata!.name, false],
      [41, prodFailedPromotion.metadata!.name, true],
    ]);
  });

  it("leaves out unrelated PRs and another Stage's promotion branch", () => {
    expect(prs.map(pr => pr.number)).not.toContain(40);
    expect(prs.map(pr => pr.number)).not.toContain(43);
  });

  it('keeps the provider fields and drops the head SHA', () => {
    expect(prs[0]).toEqual({
      provider: 'github',
      repoUrl: 'https://github.com/acme/checkout-deploy',
      number: 42,
      title: 'Promote to prod (#42)',
      url: 'https://github.com/acme/checkout-deploy/pull/42',
      state: 'open',
      sourceBranch: 'some-branch-kargo-recorded',
      targetBranch: 'main',
      author: 'kargo-bot',
      createdAt: '2026-11-30T10:01:00Z',
      promotion: prodRunningPromotion.metadata!.name,
      orphaned: false,
    });
  });

  it('attributes the MR on a literal source branch, orphaned when no Promotion waits (payments/prod)', () => {
    const mrs = attributePullRequests({
      stage: paymentsProdStage,
      promotions: [paymentsProdPromotion],
      pullRequests: paymentsMergeRequests,
    });
    expect(mrs.map(mr => [mr.url, mr.promotion, mr.orphaned])).toEqual([
      [`${paymentsRepo}/-/merge_requests/7`, null, true],
    ]);
  });

  it('does not call a literal-branch MR orphaned while a Promotion using that branch runs', () => {
    const running = promotion(
      'payments',
      'prod',
      140,
      'abcdef1',
      'Running',
      paymentsProdSteps,
    );
    const [mr] = attributePullRequests({
      stage: paymentsProdStage,
      promotions: [running],
      pullRequests: paymentsMergeRequests,
    });
    expect(mr.orphaned).toBe(false);
    expect(mr.promotion).toBeNull();
  });

  it('ignores a literal branch in another repository', () => {
    const elsewhere: OpenPullRequest = {
      ...paymentsMergeRequests[0],
      repoUrl: 'https://gitlab.example.com/other/deploy',
      url: 'https://gitlab.example.com/other/deploy/-/merge_requests/7',
    };
    expect(
      attributePullRequests({
        stage: paymentsProdStage,
        pullRequests: [elsewhere],
      }),
    ).toEqual([]);
  });

  it('matches the older prNumber output by number and the repository of its step, in a GitLab subgroup', () => {
    const repo = 'https://gitlab.example.com/payments/platform/deploy';
    const steps = [
      {
        uses: 'git-open-pr',
        as: 'open-pr',
        config: {
          repoURL: `${repo}.git`,
          sourceBranch: '${{ outputs.push.branch }}',
          targetBranch: 'main',
        },
      },
    ];
    const s = stage({
      project: 'payments',
      name: 'perf',
      warehouse: 'w',
      steps,
    });
    const p = promotion('payments', 'perf', 150, 'abcdef1', 'Pending', steps, {
      'open-pr': { prNumber: 12 },
    });
    const mr = (number: number, project = repo): OpenPullRequest => ({
      ...paymentsMergeRequests[0],
      number,
      repoUrl: project,
      url: `${project}/-/merge_requests/${number}`,
      sourceBranch: 'x',
    });
    const result = attributePullRequests({
      stage: s,
      promotions: [p],
      pullRequests: [
        mr(12),
        mr(13),
        mr(12, 'https://gitlab.example.com/payments/deploy'),
      ],
    });
    expect(result.map(r => [r.url, r.promotion, r.orphaned])).toEqual([
      [`${repo}/-/merge_requests/12`, p.metadata!.name, false],
    ]);
  });

  it('matches pr.id without a URL, as a string too', () => {
    const p = promotion(
      'checkout',
      'prod',
      80,
      'abcdef1',
      undefined,
      prodRunningPromotion.spec!.steps!,
      { 'open-pr': { pr: { id: '40' } } },
    );
    p.spec!.vars = prodRunningPromotion.spec!.vars;
    const [pr] = attributePullRequests({
      stage: prodStage,
      promotions: [p],
      pullRequests: checkoutPullRequests,
    });
    expect([pr.number, pr.promotion, pr.orphaned]).toEqual([
      40,
      p.metadata!.name,
      false,
    ]);
  });

  it('never marks merged or closed PRs orphaned, and lists each URL once', () => {
    const merged = { ...checkoutPullRequests[1], state: 'merged' as const };
    const result = attributePullRequests({
      stage: prodStage,
      promotions,
      pullRequests: [merged, merged, checkoutPullRequests[1]],
    });
    expect(result.map(r => [r.number, r.state, r.orphaned])).toEqual([
      [41, 'merged', false],
    ]);
  });

  it('tolerates missing input', () => {
    expect(attributePullRequests({ stage: prodStage })).toEqual([]);
    expect(
      attributePullRequests({
        stage: {},
        promotions,
        pullRequests: checkoutPullRequests,
      }),
    ).toEqual([]);
    expect(
      attributePullRequests({
        stage: prodStage,
        pullRequests: [null as any, {} as any],
      }),
    ).toEqual([]);
  });
});
