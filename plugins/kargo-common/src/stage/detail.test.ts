import {
  checkoutFreight,
  checkoutPullRequests,
  devRun,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingRuns,
  stagingStage,
} from '../__testUtils__/checkout';
import { paymentsFreight, qaRun, qaStage } from '../__testUtils__/payments';
import type { Stage } from '../types';
import { buildStageDetail, toStageSummary } from './detail';

describe('buildStageDetail', () => {
  it("lists the Argo CD Applications the Stage updates, linked to the instance's Argo CD, in the detail and the summary", () => {
    const stage = {
      ...stagingStage,
      spec: {
        ...stagingStage.spec,
        promotionTemplate: {
          spec: {
            steps: [
              {
                uses: 'argocd-update',
                config: {
                  apps: [{ name: 'checkout-staging', namespace: 'argocd' }],
                },
              },
            ],
          },
        },
      },
    } as Stage;
    const detail = buildStageDetail({
      instance: 'production',
      argocdUrl: 'https://argocd.example.com',
      stage,
    });
    const app = {
      name: 'checkout-staging',
      namespace: 'argocd',
      health: null,
      sync: null,
      url: 'https://argocd.example.com/applications/argocd/checkout-staging',
    };
    expect(detail.argoCdApps).toEqual([app]);
    expect(toStageSummary(detail).argoCdApps).toEqual([app]);
  });

  it('composes the stale demo Stage', () => {
    const detail = buildStageDetail({
      instance: 'production',
      kargoUrl: 'https://kargo.example.com/',
      stage: stagingStage,
      analysisRuns: [...stagingRuns, devRun],
      freight: checkoutFreight,
      promotions: [],
      pullRequests: [],
      pullRequestErrors: [],
      lastUpdated: '2026-11-30T12:00:00Z',
      stale: false,
    });
    expect(toStageSummary(detail)).toEqual({
      instance: 'production',
      project: 'checkout',
      name: 'staging',
      phase: 'Ready',
      health: 'Healthy',
      currentFreight: expect.objectContaining({ alias: 'wobbly-owl' }),
      verificationPhase: 'Successful',
      verificationStale: true,
      verificationCounts: { total: 4, failed: 3, running: 0, successful: 1 },
      openPullRequests: 0,
      orphanedPullRequests: 0,
      openPullRequestUrls: [],
      actions: {
        reverify: { allowed: true, reason: null },
        abort: {
          allowed: false,
          reason: expect.stringMatching(/nothing to abort/),
          code: 'alreadyFinished',
          params: { phase: 'Successful' },
        },
      },
      kargoUrl: 'https://kargo.example.com/project/checkout/stage/staging',
      error: null,
      requestedFreight: [
        {
          origin: 'Warehouse/checkout',
          direct: true,
          stages: [],
          requiredSoakTime: null,
        },
      ],
    });
    expect(detail.verifications.map(v => v.phase)).toEqual([
      'Successful',
      'Failed',
      'Failed',
      'Failed',
    ]);
    expect(detail.lastUpdated).toBe('2026-11-30T12:00:00Z');
    expect(detail.stale).toBe(false);
  });

  it("lists the Stage's Promotions newest first with the PR each opened", () => {
    const detail = buildStageDetail({
      instance: 'production',
      stage: prodStage,
      promotions: [prodFailedPromotion, prodRunningPromotion],
      pullRequests: checkoutPullRequests,
    });
    expect(
      detail.promotions?.map(p => [p.phase, p.pullRequest?.number ?? null]),
    ).toEqual([
      ['Running', 42],
      // Recorded nothing, but its promotion branch has PR #41 open.
      ['Failed', 41],
    ]);
    // Running, but at its first step: not waiting on the PR yet.
    expect(detail.waitingOnPullRequest).toBeNull();
  });

  it('counts open PRs and keeps only the errors of the Stage repositories', () => {
    const detail = buildStageDetail({
      instance: 'production',
      stage: prodStage,
      promotions: [prodRunningPromotion, prodFailedPromotion],
      pullRequests: checkoutPullRequests,
      pullRequestErrors: [
        {
          repoUrl: 'git@github.com:acme/checkout-deploy.git',
          message: 'rate limited',
          rateLimitedUntil: '2026-11-30T12:30:00Z',
        },
        { repoUrl: 'https://github.com/acme/unrelated', message: 'not found' },
      ],
    });
    expect(detail.openPullRequests).toBe(2);
    expect(toStageSummary(detail).openPullRequestUrls).toEqual([
      'https://github.com/acme/checkout-deploy/pull/42',
      'https://github.com/acme/checkout-deploy/pull/41',
    ]);
    expect(
      toStageSummary({ ...detail, openPullRequestUrls: undefined })
        .openPullRequestUrls,
    ).toHaveLength(2);
    expect(detail.pullRequests.map(pr => pr.number)).toEqual([42, 41]);
    expect(detail.pullRequestErrors.map(e => e.message)).toEqual([
      'rate limited',
    ]);
    expect(detail.kargoUrl).toBeNull();
    expect(detail.verificationPhase).toBe('None');
    expect(detail.lastUpdated).toBeNull();
    expect(detail.stale).toBe(false);
  });

  it('accepts PRs that were attributed already, with the same result', () => {
    const input = {
      instance: 'production',
      stage: prodStage,
      promotions: [prodRunningPromotion, prodFailedPromotion],
      pullRequests: checkoutPullRequests,
    };
    const once = buildStageDetail(input);
    const twice = buildStageDetail({
      ...input,
      pullRequests: once.pullRequests,
    });
    expect(twice.pullRequests).toEqual(once.pullRequests);
  });

  it('reports the current failed verification (payments/qa)', () => {
    const detail = buildStageDetail({
      instance: 'i',
      stage: qaStage,
      analysisRuns: [qaRun],
      freight: paymentsFreight,
      stale: true,
    });
    expect([
      detail.phase,
      detail.verificationPhase,
      detail.verificationStale,
      detail.stale,
    ]).toEqual(['Failed', 'Failed', false, true]);
  });

  it('never throws: a broken part leaves the rest and says what failed', () => {
    const broken = {
      metadata: { name: 'bad', namespace: 'checkout' },
      get status(): Stage['status'] {
        throw new Error('boom');
      },
    } as Stage;
    const detail = buildStageDetail({
      instance: 'i',
      stage: broken,
      kargoUrl: 'https://k',
    });
    expect(detail.name).toBe('bad');
    expect(detail.kargoUrl).toBe('https://k/project/checkout/stage/bad');
    expect(detail.verifications).toEqual([]);
    expect(detail.actions.reverify).toEqual({
      allowed: false,
      reason: 'This Stage could not be read',
      code: 'stageUnreadable',
      params: {},
    });
    expect(detail.error).toMatch(/^verifications: boom; .*phase: boom/);
  });

  it('survives a missing Stage and non-Error throws', () => {
    expect(
      buildStageDetail({ instance: 'i', stage: undefined as unknown as Stage })
        .error,
    ).toMatch(/metadata/);
    const notAnError: unknown = 'nope';
    const weird = {
      get metadata(): never {
        throw notAnError;
      },
    } as unknown as Stage;
    expect(buildStageDetail({ instance: 'i', stage: weird }).error).toMatch(
      /metadata: nope/,
    );
  });
});
