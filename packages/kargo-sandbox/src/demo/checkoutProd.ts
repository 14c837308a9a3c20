/** checkout/prod: a Running Promotion recording PR #42 and a Failed one whose PR #41 is orphaned. */
import {
  analysisRun,
  collection,
  condition,
  DemoFreight,
  promotion,
  promotionRef,
  stageObject,
  verificationInfo,
} from './builders';
import { gitHubPullRequest } from './git';
import { baseStatus, healthyConditions } from './stageStatus';
import { gitHubPushState, pullRequestSteps } from './steps';

const P = 'checkout';
const REPO = 'https://github.com/acme/checkout-deploy';
const IMAGE = 'ghcr.io/acme/checkout';
const METRICS = ['http-success-rate', 'checkout-smoke-test'];

export function checkoutProdObjects(
  f: DemoFreight[],
): Array<Record<string, any>> {
  const out: Array<Record<string, any>> = [];
  const steps = pullRequestSteps('prod', { image: IMAGE });
  const succeeded = [0, 1].map(i => {
    const promo = promotion({
      project: P,
      stage: 'prod',
      freight: f[i],
      minutes: i * 600 + 65,
      steps,
      phase: 'Succeeded',
    });
    promo.status.state = {
      ...gitHubPushState(
        REPO,
        `kargo/promotion/${promo.metadata.name}`,
        'a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11c',
      ),
      'open-pr': { pr: { id: 38 + i, url: `${REPO}/pull/${38 + i}` } },
      'wait-for-pr': {
        pr: {
          id: 38 + i,
          url: `${REPO}/pull/${38 + i}`,
          open: false,
          merged: true,
        },
        // The merge commit, which git_pr_waiter.go records once merged.
        commit: `${i}e5c0de`.padEnd(40, '0'),
      },
    };
    const ar = analysisRun({
      stage: 'prod',
      project: P,
      freight: f[i],
      minutes: i * 600 + 75,
      phase: 'Successful',
      metrics: METRICS,
      promotion: promo.metadata.name,
    });
    out.push(
      promo,
      ar,
      gitHubPullRequest(`checkout-deploy-pr-${38 + i}`, {
        repoURL: REPO,
        number: 38 + i,
        title: `Promote ${f[i].alias} to prod`,
        state: 'merged',
        sourceBranch: `kargo/promotion/${promo.metadata.name}`,
        targetBranch: 'stage/prod',
        minutes: i * 600 + 66,
      }),
    );
    return collection(f[i], [
      verificationInfo(ar, {
        id: `prod/${i}`,
        minutes: i * 600 + 75,
        phase: 'Successful',
        finished: true,
      }),
    ]);
  });
  // Failed at git-open-pr after GitHub created the PR: no state kept, PR #41 orphaned.
  const failed = promotion({
    project: P,
    stage: 'prod',
    freight: f[2],
    minutes: 1265,
    steps,
    phase: 'Failed',
    reached: 5,
    message:
      'step "open-pr" failed: error creating pull request: Post "https://api.github.com/repos/acme/checkout-deploy/pulls": context deadline exceeded',
  });
  out.push(
    failed,
    gitHubPullRequest('checkout-deploy-pr-41', {
      repoURL: REPO,
      number: 41,
      title: `Promote ${f[2].alias} to prod`,
      state: 'open',
      sourceBranch: `kargo/promotion/${failed.metadata.name}`,
      targetBranch: 'stage/prod',
      minutes: 1266,
    }),
  );
  // Running: waiting for PR #42, recorded in status.state.open-pr.pr.
  const running = promotion({
    project: P,
    stage: 'prod',
    freight: f[3],
    minutes: 1905,
    steps,
    phase: 'Running',
    reached: 6,
  });
  running.status.state = {
    ...gitHubPushState(
      REPO,
      `kargo/promotion/${running.metadata.name}`,
      'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0',
    ),
    'open-pr': { pr: { id: 42, url: `${REPO}/pull/42` } },
    'wait-for-pr': {
      pr: { id: 42, url: `${REPO}/pull/42`, open: true, merged: false },
    },
  };
  out.push(
    running,
    gitHubPullRequest('checkout-deploy-pr-42', {
      repoURL: REPO,
      number: 42,
      title: `Promote ${f[3].alias} to prod`,
      state: 'open',
      sourceBranch: `kargo/promotion/${running.metadata.name}`,
      targetBranch: 'stage/prod',
      minutes: 1906,
    }),
  );
  out.push(
    stageObject({
      project: P,
      name: 'prod',
      minutes: -50,
      warehouse: P,
      upstream: 'staging',
      repoURL: REPO,
      steps,
      templates: ['checkout-verification'],
      status: baseStatus(f[1], 1905, {
        conditions: [
          ...healthyConditions(720).filter(c => c.type !== 'Promoting'),
          condition(
            'Promoting',
            'True',
            'ActivePromotion',
            `Promotion "${running.metadata.name}" is running`,
            1905,
          ),
        ],
        freightHistory: [succeeded[1], succeeded[0]],
        currentPromotion: { name: running.metadata.name, freight: f[3].ref },
        lastPromotion: promotionRef(failed),
      }),
    }),
  );
  return out;
}
