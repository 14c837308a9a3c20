/**
 * Project `checkout` of the demo: `staging` carries THE STALE BUG, `prod`
 * the recorded and the orphaned pull requests.
 */
import type { BuildProjectStagesInput } from '../stage/project';
import type {
  AnalysisRun,
  OpenPullRequest,
  Promotion,
  PromotionStep,
} from '../types';
import {
  analysisRun,
  at,
  collection,
  collectionId,
  freight,
  promotion,
  stage,
  uuid,
  verificationOf,
} from './builders';

const project = 'checkout';
const warehouse = 'checkout';
const repo = 'https://github.com/acme/checkout-deploy';

export const checkoutFreight = [
  freight(project, warehouse, 'v1.0.0', 'early-ant', repo),
  freight(project, warehouse, 'v1.1.0', 'brave-bee', repo),
  freight(project, warehouse, 'v1.2.0', 'calm-cat', repo),
  freight(project, warehouse, 'v1.3.0', 'wobbly-owl', repo),
];
const [f1, f2, f3, f4] = checkoutFreight;
const nameOf = (f: typeof f1) => f.metadata!.name!;

function run(
  n: number,
  f: typeof f1,
  phase: string,
  minutes: number,
): AnalysisRun {
  return analysisRun({
    project,
    stage: 'staging',
    n,
    collection: collectionId(nameOf(f)),
    freightNames: [nameOf(f)],
    phase,
    startedAt: at(minutes),
    completedAt: phase === 'Running' ? undefined : at(minutes + 4),
    message:
      phase === 'Failed'
        ? 'Metric "smoke-test" assessed Failed due to failed (1) > failureLimit (0)'
        : undefined,
  });
}

/** Runs of `staging`: the three old ones all Failed, the current Successful. */
export const stagingRuns = [
  run(1, f1, 'Failed', 10),
  run(2, f2, 'Failed', 20),
  run(3, f3, 'Failed', 30),
  run(4, f4, 'Successful', 40),
];

/**
 * `staging`: freightHistory[1..3] each recorded one verification as
 * Running/Pending and were superseded before Kargo updated them.
 */
export const stagingStage = stage({
  project,
  name: 'staging',
  warehouse,
  freightHistory: [
    collection(warehouse, f4, [
      verificationOf(stagingRuns[3], uuid(4), {
        phase: 'Successful',
        startTime: at(40),
        finishTime: at(44),
        actor: 'admin',
      }),
    ]),
    collection(warehouse, f3, [
      verificationOf(stagingRuns[2], uuid(3), {
        phase: 'Running',
        startTime: at(30),
      }),
    ]),
    collection(warehouse, f2, [
      verificationOf(stagingRuns[1], uuid(2), {
        phase: 'Pending',
        startTime: at(20),
      }),
    ]),
    collection(warehouse, f1, [
      verificationOf(stagingRuns[0], uuid(1), {
        phase: 'Running',
        startTime: at(10),
      }),
    ]),
  ],
});

/** A run of `dev` in the same namespace: it must never show up on staging. */
export const devRun = analysisRun({
  project,
  stage: 'dev',
  n: 5,
  collection: collectionId(nameOf(f4)),
  freightNames: [nameOf(f4)],
  phase: 'Failed',
  startedAt: at(41),
});

const prodSteps: PromotionStep[] = [
  {
    uses: 'git-clone',
    config: {
      repoURL: '${{ vars.gitRepo }}',
      checkout: [{ branch: 'main', path: './src' }],
    },
  },
  {
    uses: 'git-push',
    as: 'push',
    config: { path: './out', generateTargetBranch: true },
  },
  {
    uses: 'git-open-pr',
    as: 'open-pr',
    config: {
      repoURL: "${{ vars['gitRepo'] }}",
      sourceBranch: '${{ outputs.push.branch }}',
      targetBranch: 'main',
    },
  },
  {
    uses: 'git-wait-for-pr',
    as: 'wait-for-pr',
    config: {
      repoURL: '${{ vars.gitRepo }}',
      prNumber: "${{ outputs['open-pr'].pr.id }}",
    },
  },
];

export const prodStage = stage({
  project,
  name: 'prod',
  warehouse,
  templateVars: [{ name: 'gitRepo', value: `${repo}.git` }],
  steps: prodSteps,
  freightHistory: [collection(warehouse, f3, [])],
});

/** Running, recorded PR #42 in `status.state.open-pr.pr`. */
export const prodRunningPromotion: Promotion = promotion(
  project,
  'prod',
  60,
  nameOf(f4),
  'Running',
  prodSteps,
  {
    push: { branch: 'kargo/promotion/prod.01jc8m3x00001w000000000000.' },
    'open-pr': { pr: { id: 42, url: `${repo}/pull/42` } },
  },
);
prodRunningPromotion.spec!.vars = [{ name: 'gitRepo', value: `${repo}.git` }];

/** Failed before recording anything; its branch still has PR #41 open. */
export const prodFailedPromotion: Promotion = promotion(
  project,
  'prod',
  50,
  nameOf(f4),
  'Failed',
  prodSteps,
);
prodFailedPromotion.spec!.vars = [{ name: 'gitRepo', value: `${repo}.git` }];

/** A Promotion of `staging`: its PR is not prod's. */
export const stagingPromotion: Promotion = promotion(
  project,
  'staging',
  55,
  nameOf(f4),
  'Running',
  prodSteps,
);

function pr(
  number: number,
  sourceBranch: string,
  minutes: number,
): OpenPullRequest {
  return {
    provider: 'github',
    repoUrl: repo,
    number,
    title: `Promote to prod (#${number})`,
    url: `${repo}/pull/${number}`,
    state: 'open',
    sourceBranch,
    targetBranch: 'main',
    headSha: 'a'.repeat(40),
    author: 'kargo-bot',
    createdAt: at(minutes),
  };
}

export const checkoutPullRequests: OpenPullRequest[] = [
  pr(40, 'feature/unrelated', 5),
  pr(41, `kargo/promotion/${prodFailedPromotion.metadata!.name}`, 51),
  pr(42, 'some-branch-kargo-recorded', 61),
  pr(43, `kargo/promotion/${stagingPromotion.metadata!.name}`, 56),
];

/** The checkout project's lists as buildProjectStages takes them, its repository never listed. */
export const checkoutProjectInput: BuildProjectStagesInput = {
  instance: 'production',
  kargoUrl: 'https://kargo.example.com',
  project: 'checkout',
  now: '2026-11-30T12:00:00Z',
  stages: [stagingStage, prodStage],
  analysisRuns: [...stagingRuns, devRun],
  promotions: [prodRunningPromotion, prodFailedPromotion],
  freight: checkoutFreight,
  pullRequestsOf: () => undefined,
};
