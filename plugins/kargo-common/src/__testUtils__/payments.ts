/**
 * Project `payments` of the demo (GitLab): `test` running, `qa` failed with
 * failed measurements, `uat` without verification, `perf` past Kargo's
 * 10-entry cap, `prod` with a fixed source branch.
 */
import type { AnalysisRun, OpenPullRequest, PromotionStep } from '../types';
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

const project = 'payments';
const warehouse = 'payments';
export const paymentsRepo = 'https://gitlab.example.com/payments/deploy';

export const paymentsFreight = [
  freight(project, warehouse, 'v2.0.0', 'quiet-fox', paymentsRepo),
  freight(project, warehouse, 'v2.1.0', 'rapid-elk', paymentsRepo),
];
const [g1, g2] = paymentsFreight;
const g1Name = g1.metadata!.name!;
const g2Name = g2.metadata!.name!;

export const testRun = analysisRun({
  project,
  stage: 'test',
  n: 10,
  collection: collectionId(g2Name),
  freightNames: [g2Name],
  phase: 'Running',
  startedAt: at(102),
});
export const testStage = stage({
  project,
  name: 'test',
  warehouse,
  conditions: [
    { type: 'Ready', status: 'True', reason: 'Ready' },
    { type: 'Verified', status: 'Unknown', reason: 'VerificationRunning' },
  ],
  freightHistory: [
    collection(warehouse, g2, [
      verificationOf(testRun, uuid(10), {
        phase: 'Running',
        startTime: at(102),
        actor: 'email:dev@acme.io',
      }),
    ]),
  ],
});

export const qaRun: AnalysisRun = analysisRun({
  project,
  stage: 'qa',
  n: 11,
  collection: collectionId(g2Name),
  freightNames: [g2Name],
  phase: 'Failed',
  startedAt: at(110),
  completedAt: at(115),
  message:
    'Metric "error-rate" assessed Failed due to failed (3) > failureLimit (2)',
  metricResults: [
    {
      name: 'error-rate',
      phase: 'Failed',
      count: 4,
      successful: 1,
      failed: 3,
      message: 'failed (3) > failureLimit (2)',
      measurements: [
        {
          phase: 'Successful',
          value: '[0.01]',
          startedAt: at(110),
          finishedAt: at(110),
        },
        {
          phase: 'Failed',
          value: '[0.09]',
          startedAt: at(111),
          finishedAt: at(111),
          message: 'error rate 9% > 5%',
        },
        {
          phase: 'Failed',
          value: '[0.12]',
          startedAt: at(112),
          finishedAt: at(112),
          message: 'error rate 12% > 5%',
        },
        {
          phase: 'Failed',
          value: '[0.15]',
          startedAt: at(113),
          finishedAt: at(113),
          message: 'error rate 15% > 5%',
        },
      ],
    },
    {
      name: 'latency',
      phase: 'Successful',
      count: 2,
      successful: 2,
      measurements: [
        {
          phase: 'Successful',
          value: '[120]',
          startedAt: at(110),
          finishedAt: at(110),
        },
        {
          phase: 'Successful',
          value: '[118]',
          startedAt: at(111),
          finishedAt: at(111),
        },
      ],
    },
  ],
});
export const qaStage = stage({
  project,
  name: 'qa',
  warehouse,
  conditions: [
    { type: 'Ready', status: 'False', reason: 'VerificationFailed' },
    { type: 'Verified', status: 'False', reason: 'VerificationFailed' },
  ],
  freightHistory: [
    collection(warehouse, g2, [
      verificationOf(qaRun, uuid(11), {
        phase: 'Failed',
        startTime: at(110),
        finishTime: at(115),
        message:
          'Metric "error-rate" assessed Failed due to failed (3) > failureLimit (2)',
      }),
    ]),
  ],
});

/** No `spec.verification`: Kargo records immediate Successful verifications. */
export const uatStage = stage({
  project,
  name: 'uat',
  warehouse,
  verification: false,
  freightHistory: [
    collection(warehouse, g2, [
      {
        id: uuid(21),
        startTime: at(120),
        phase: 'Successful',
        finishTime: at(120),
      },
    ]),
    // Kargo v1.1-v1.5 wrote implicit verifications with an empty id.
    collection(warehouse, g1, [
      { id: '', startTime: at(90), phase: 'Successful', finishTime: at(90) },
    ]),
  ],
});

/** 14 runs of one collection; the status keeps only the newest 10. */
export const perfRuns = Array.from({ length: 14 }, (_, i) =>
  analysisRun({
    project,
    stage: 'perf',
    n: 200 + i,
    collection: collectionId(g1Name),
    freightNames: [g1Name],
    phase: i % 3 === 0 ? 'Failed' : 'Successful',
    startedAt: at(200 + 10 * i),
    completedAt: at(205 + 10 * i),
  }),
);
export const perfStage = stage({
  project,
  name: 'perf',
  warehouse,
  freightHistory: [
    collection(
      warehouse,
      g1,
      perfRuns
        .slice(4)
        .reverse()
        .map((run, i) =>
          verificationOf(run, uuid(300 + i), {
            phase: run.status!.phase!,
            startTime: run.status!.startedAt!,
            finishTime: run.status!.completedAt,
          }),
        ),
    ),
  ],
});

export const paymentsProdSteps: PromotionStep[] = [
  {
    uses: 'git-clone',
    config: { repoURL: 'git@gitlab.example.com:payments/deploy.git' },
  },
  {
    uses: 'git-push',
    as: 'push',
    config: { path: './out', targetBranch: 'release/payments-prod' },
  },
  {
    uses: 'git-open-pr',
    as: 'open-pr',
    config: {
      repoURL: 'git@gitlab.example.com:payments/deploy.git',
      provider: 'gitlab',
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
    },
  },
];
export const paymentsProdStage = stage({
  project,
  name: 'prod',
  warehouse,
  steps: paymentsProdSteps,
  freightHistory: [collection(warehouse, g1, [])],
});
/** Errored with GitLab's 409 "already exists": no PR recorded. */
export const paymentsProdPromotion = promotion(
  project,
  'prod',
  130,
  g2Name,
  'Errored',
  paymentsProdSteps,
);

export const paymentsMergeRequests: OpenPullRequest[] = [
  {
    provider: 'gitlab',
    repoUrl: paymentsRepo,
    number: 7,
    title: 'Promote payments to prod',
    url: `${paymentsRepo}/-/merge_requests/7`,
    state: 'open',
    sourceBranch: 'release/payments-prod',
    targetBranch: 'main',
    headSha: 'b'.repeat(40),
    author: 'kargo-bot',
    createdAt: at(95),
  },
];
