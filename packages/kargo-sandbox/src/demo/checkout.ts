/**
 * Project `checkout` (GitHub, https://github.com/acme/checkout-deploy):
 * dev -> staging -> prod.
 * - dev: a Successful verification history.
 * - staging: the stale-verification bug (three older collections record a
 *   Running/Pending verification whose AnalysisRun Failed), current one
 *   Successful.
 * - prod: a Running Promotion with PR #42 recorded in status.state, and a
 *   Failed Promotion that kept no state, whose PR #41 is orphaned.
 */
import {
  analysisRun,
  analysisTemplate,
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
import { directSteps, pullRequestSteps } from './steps';
import { checkoutProdObjects } from './checkoutProd';

import { baseStatus, healthyConditions } from './stageStatus';
import { gitHubPullRequest } from './git';
import { projectConfig, withArgoCdApps } from './argocd';

const P = 'checkout';
const REPO = 'https://github.com/acme/checkout-deploy';
const IMAGE = 'ghcr.io/acme/checkout';
const METRICS = ['http-success-rate', 'checkout-smoke-test'];

export function checkoutScenario(): Array<Record<string, any>> {
  const versions = ['1.5.0', '1.6.0', '1.7.0', '1.8.0', '1.9.0'];
  const aliases = [
    'amber-falcon',
    'brave-otter',
    'calm-heron',
    'dapper-lynx',
    'eager-wren',
  ];
  const f: DemoFreight[] = versions.map((v, i) =>
    freight({
      project: P,
      warehouse: P,
      alias: aliases[i],
      image: IMAGE,
      tag: `v${v}`,
      repoURL: REPO,
      message: `checkout: release v${v}`,
      minutes: i * 600,
      currentlyIn: {
        ...(i === 4 ? { dev: 2405 } : {}),
        ...(i === 3 ? { staging: 1805 } : {}),
        ...(i === 1 ? { prod: 705 } : {}),
      },
      verifiedIn: {
        ...(i >= 1 ? { dev: i * 600 + 15 } : {}),
        ...(i === 3 ? { staging: 1880 } : {}),
        ...(i === 1 ? { prod: 720 } : {}),
      },
    }),
  );
  const out: Array<Record<string, any>> = [
    project(P, -100),
    warehouse(P, P, IMAGE, REPO, -90),
    analysisTemplate(P, 'checkout-verification', METRICS, -80),
  ];
  out.push(...f.map(x => x.object));

  // dev: promoted directly from the Warehouse, every verification Successful.
  const devSteps = directSteps('dev', IMAGE);
  const devCollections = [4, 3, 2, 1].map(i => {
    const promo = promotion({
      project: P,
      stage: 'dev',
      freight: f[i],
      minutes: i * 600 + 5,
      steps: devSteps,
      phase: 'Succeeded',
    });
    const ar = analysisRun({
      stage: 'dev',
      project: P,
      freight: f[i],
      minutes: i * 600 + 10,
      phase: 'Successful',
      metrics: METRICS,
      promotion: promo.metadata.name,
    });
    out.push(promo, ar);
    return {
      promo,
      coll: collection(f[i], [
        verificationInfo(ar, {
          id: `dev/${i}`,
          minutes: i * 600 + 10,
          phase: 'Successful',
          finished: true,
        }),
      ]),
    };
  });
  out.push(
    stageObject({
      project: P,
      name: 'dev',
      minutes: -70,
      warehouse: P,
      repoURL: REPO,
      steps: devSteps,
      templates: ['checkout-verification'],
      status: baseStatus(f[4], 2420, {
        conditions: healthyConditions(2415),
        freightHistory: devCollections.map(c => c.coll),
        lastPromotion: promotionRef(devCollections[0].promo),
      }),
    }),
  );

  // staging: stale Running/Pending entries in older collections, all their runs Failed.
  const stagingSteps = pullRequestSteps('staging', { image: IMAGE });
  const stale = [3, 2, 1].map((i, n) => {
    const m = i * 600 + 35;
    const ar = analysisRun({
      stage: 'staging',
      project: P,
      freight: f[i - 1],
      minutes: m,
      phase: 'Failed',
      metrics: METRICS,
      failures: {
        'http-success-rate':
          'http-success-rate 0.871 is below 0.95: 5xx responses from checkout-api rose after the rollout',
      },
    });
    const recorded = n === 1 ? 'Pending' : 'Running';
    out.push(ar);
    return collection(f[i - 1], [
      verificationInfo(ar, {
        id: `staging/stale/${i}`,
        minutes: m,
        phase: recorded,
        arPhase: recorded === 'Pending' ? '' : 'Running',
      }),
    ]);
  });
  const stagingPromo = promotion({
    project: P,
    stage: 'staging',
    freight: f[3],
    minutes: 1805,
    steps: stagingSteps,
    phase: 'Succeeded',
  });
  stagingPromo.status.state = {
    push: {
      branch: `kargo/promotion/${stagingPromo.metadata.name}`,
      commit: 'c0ffee1c0ffee1c0ffee1c0ffee1c0ffee1c0ffe',
    },
    'open-pr': { pr: { id: 40, url: `${REPO}/pull/40` } },
    'wait-for-pr': {
      pr: { id: 40, url: `${REPO}/pull/40`, open: false, merged: true },
    },
  };
  const stagingFailed = analysisRun({
    stage: 'staging',
    project: P,
    freight: f[3],
    minutes: 1830,
    phase: 'Failed',
    metrics: METRICS,
    promotion: stagingPromo.metadata.name,
    failures: {
      'checkout-smoke-test':
        'checkout-smoke-test: POST /cart/checkout returned 502 in 3 of 10 probes',
    },
  });
  const stagingOk = analysisRun({
    stage: 'staging',
    project: P,
    freight: f[3],
    minutes: 1870,
    phase: 'Successful',
    metrics: METRICS,
  });
  out.push(stagingPromo, stagingFailed, stagingOk);
  out.push(
    gitHubPullRequest('checkout-deploy-pr-40', {
      repoURL: REPO,
      number: 40,
      title: `Promote ${f[3].alias} to staging`,
      state: 'merged',
      sourceBranch: `kargo/promotion/${stagingPromo.metadata.name}`,
      targetBranch: 'stage/staging',
      minutes: 1806,
    }),
  );
  out.push(
    stageObject({
      project: P,
      name: 'staging',
      minutes: -60,
      warehouse: P,
      upstream: 'dev',
      repoURL: REPO,
      steps: stagingSteps,
      templates: ['checkout-verification'],
      status: baseStatus(f[3], 1880, {
        conditions: healthyConditions(1875),
        freightHistory: [
          collection(f[3], [
            verificationInfo(stagingOk, {
              id: 'staging/current/2',
              minutes: 1870,
              phase: 'Successful',
              actor: 'email:ada@acme.example',
              finished: true,
            }),
            verificationInfo(stagingFailed, {
              id: 'staging/current/1',
              minutes: 1830,
              phase: 'Failed',
              finished: true,
              message: stagingFailed.status.message,
            }),
          ]),
          ...stale,
        ],
        lastPromotion: promotionRef(stagingPromo),
      }),
    }),
  );

  out.push(...checkoutProdObjects(f));
  out.push(projectConfig(P));
  return withArgoCdApps(out, P, {
    dev: ['Healthy', 'Synced'],
    staging: ['Healthy', 'Synced'],
    prod: ['Progressing', 'OutOfSync'],
  });
}
