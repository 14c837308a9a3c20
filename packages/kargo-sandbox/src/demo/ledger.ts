/**
 * Project `ledger` (Bitbucket Cloud, https://bitbucket.org/acme/ledger-deploy):
 * one Stage, prod, promoted through pull requests that Kargo's git-open-pr
 * opens with `provider: bitbucket`.
 * - A Succeeded Promotion whose pull request #1 was merged (recorded in
 *   status.state); its Freight verified immediately (no spec.verification).
 * - A Failed Promotion that kept no state, whose pull request #2 is still
 *   open: orphaned, attributed to prod by its promotion branch.
 */
import {
  collection,
  DemoFreight,
  freight,
  project,
  promotion,
  promotionRef,
  stageObject,
  verificationInfo,
  warehouse,
} from './builders';
import { bitbucketPullRequest } from './git';
import { baseStatus, healthyConditions } from './stageStatus';
import { pullRequestSteps } from './steps';

const P = 'ledger';
const REPO = 'https://bitbucket.org/acme/ledger-deploy';
const IMAGE = 'ghcr.io/acme/ledger-api';

type Obj = Record<string, any>;

/** The pull request steps, with git-open-pr naming its provider as Kargo users do for Bitbucket. */
function ledgerSteps(): Obj[] {
  return pullRequestSteps('prod', { image: IMAGE, targetBranch: 'main' }).map(
    step =>
      step.uses === 'git-open-pr'
        ? { ...step, config: { ...step.config, provider: 'bitbucket' } }
        : step,
  );
}

export function ledgerScenario(): Obj[] {
  const f: DemoFreight[] = ['2.3.0', '2.4.0'].map((v, i) =>
    freight({
      project: P,
      warehouse: P,
      alias: ['quiet-marten', 'rapid-ibis'][i],
      image: IMAGE,
      tag: `v${v}`,
      repoURL: REPO,
      message: `ledger: release v${v}`,
      minutes: i * 900,
      currentlyIn: i === 0 ? { prod: 320 } : {},
      verifiedIn: i === 0 ? { prod: 330 } : {},
    }),
  );
  const steps = ledgerSteps();
  const ok = promotion({
    project: P,
    stage: 'prod',
    freight: f[0],
    minutes: 300,
    steps,
    phase: 'Succeeded',
  });
  const url = `${REPO}/pull-requests/1`;
  ok.status.state = {
    'open-pr': { pr: { id: 1, url } },
    'wait-for-pr': { pr: { id: 1, url, open: false, merged: true } },
  };
  // Failed after Bitbucket created the pull request: no state kept, #2 orphaned.
  const failed = promotion({
    project: P,
    stage: 'prod',
    freight: f[1],
    minutes: 1000,
    steps,
    phase: 'Failed',
    reached: 5,
    message:
      'step "open-pr" failed: error creating pull request: Post "https://api.bitbucket.org/2.0/repositories/acme/ledger-deploy/pullrequests": context deadline exceeded',
  });
  return [
    project(P, -100),
    warehouse(P, P, IMAGE, REPO, -90),
    ...f.map(x => x.object),
    ok,
    failed,
    bitbucketPullRequest('ledger-deploy-pr-1', {
      repoURL: REPO,
      number: 1,
      title: `Promote ${f[0].alias} to prod`,
      state: 'merged',
      sourceBranch: `kargo/promotion/${ok.metadata.name}`,
      targetBranch: 'main',
      minutes: 301,
    }),
    bitbucketPullRequest('ledger-deploy-pr-2', {
      repoURL: REPO,
      number: 2,
      title: `Promote ${f[1].alias} to prod`,
      state: 'open',
      sourceBranch: `kargo/promotion/${failed.metadata.name}`,
      targetBranch: 'main',
      minutes: 1001,
    }),
    stageObject({
      project: P,
      name: 'prod',
      minutes: -70,
      warehouse: P,
      repoURL: REPO,
      steps,
      status: baseStatus(f[0], 1000, {
        conditions: healthyConditions(335),
        freightHistory: [
          collection(f[0], [
            verificationInfo(undefined, {
              id: 'prod/1',
              minutes: 330,
              phase: 'Successful',
              finished: true,
            }),
          ]),
        ],
        lastPromotion: promotionRef(failed),
      }),
    }),
  ];
}
