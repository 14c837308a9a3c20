/** payments/prod: a fixed source branch (release/payments-prod) that already has open MR !7. */
import {
  analysisRun,
  collection,
  DemoFreight,
  promotion,
  promotionRef,
  stageObject,
  verificationInfo,
} from './builders';
import { gitLabMergeRequest } from './git';
import { baseStatus, healthyConditions } from './stageStatus';
import { pullRequestSteps } from './steps';

const P = 'payments';
const REPO = 'https://gitlab.example.com/payments/deploy';
const IMAGE = 'registry.gitlab.example.com/payments/payments-api';
const METRICS = ['error-rate', 'latency-p99'];
const T = ['payments-verification'];

type Obj = Record<string, any>;

export function paymentsProdObjects(f: DemoFreight[]): Obj[] {
  const out: Obj[] = [];
  const steps = pullRequestSteps('prod', {
    image: IMAGE,
    sourceBranch: 'release/payments-prod',
    targetBranch: 'main',
  });
  const ok = promotion({
    project: P,
    stage: 'prod',
    freight: f[1],
    minutes: 1290,
    steps,
    phase: 'Succeeded',
  });
  ok.status.state = {
    push: {
      branch: 'release/payments-prod',
      commit: 'feedfacefeedfacefeedfacefeedfacefeedface',
    },
    'open-pr': { pr: { id: 5, url: `${REPO}/-/merge_requests/5` } },
    'wait-for-pr': {
      pr: {
        id: 5,
        url: `${REPO}/-/merge_requests/5`,
        open: false,
        merged: true,
      },
    },
  };
  const ar = analysisRun({
    stage: 'prod',
    project: P,
    freight: f[1],
    minutes: 1310,
    phase: 'Successful',
    metrics: METRICS,
    promotion: ok.metadata.name,
  });
  // GitLab refuses a second open MR for release/payments-prod; Kargo's step errors.
  const errored = promotion({
    project: P,
    stage: 'prod',
    freight: f[2],
    minutes: 2300,
    steps,
    phase: 'Errored',
    reached: 5,
    message:
      'step "open-pr" errored: error creating merge request: POST https://gitlab.example.com/api/v4/projects/payments%2Fdeploy/merge_requests: 409 {message: [Another open merge request already exists for this source branch: !7]}',
  });
  // Failed at git-wait-for-pr: the open-pr step recorded no PR (Kargo's
  // message when its output lacks pr.id), so there was nothing to wait for.
  const noPr = promotion({
    project: P,
    stage: 'prod',
    freight: f[2],
    minutes: 2010,
    steps,
    phase: 'Failed',
    reached: 6,
    message: 'no PR number found in output from step "open-pr"',
  });
  noPr.status.message = `step "wait-for-pr" failed: ${noPr.status.message}`;
  noPr.status.state = { 'open-pr': {} };
  out.push(ok, ar, noPr, errored);
  out.push(
    gitLabMergeRequest('payments-deploy-mr-5', {
      repoURL: REPO,
      number: 5,
      title: `Promote ${f[1].alias} to prod`,
      state: 'merged',
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
      minutes: 1291,
    }),
    gitLabMergeRequest('payments-deploy-mr-6', {
      repoURL: REPO,
      number: 6,
      title: 'Hotfix: raise payments-api memory limit',
      state: 'closed',
      sourceBranch: 'hotfix/memory',
      targetBranch: 'main',
      minutes: 1700,
      author: 'grace',
    }),
    gitLabMergeRequest('payments-deploy-mr-7', {
      repoURL: REPO,
      number: 7,
      title: `Promote ${f[2].alias} to prod`,
      state: 'open',
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
      minutes: 2250,
    }),
  );
  out.push(
    stageObject({
      project: P,
      name: 'prod',
      minutes: -40,
      warehouse: P,
      // Fans in: Freight verified in uat or in perf may go to prod.
      upstream: ['uat', 'perf'],
      repoURL: REPO,
      steps,
      templates: T,
      status: baseStatus(f[1], 2300, {
        conditions: healthyConditions(1320),
        freightHistory: [
          collection(f[1], [
            verificationInfo(ar, {
              id: 'prod/1',
              minutes: 1310,
              phase: 'Successful',
              finished: true,
            }),
          ]),
        ],
        lastPromotion: promotionRef(errored),
      }),
    }),
  );
  return out;
}
