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
import { PUBLISHED_ANNOTATION } from '../controller/warehouse';
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
import { DEMO_SMOKE_TEST_JOB } from './jobLogs';
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
    publishing(warehouse(P, P, IMAGE, REPO, -90), [...versions, '1.10.0']),
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
  withSmokeTestJob(stagingFailed);
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
        // The Project's policy auto-promotes into staging, but Ada's manual
        // Promotion of f[3] (not then staging's auto-promotion candidate)
        // set a hold on the Warehouse: Kargo has not auto-promoted f[4]
        // since (Kargo v1.11 api/v1alpha1/stage_types.go AutoPromotionHold).
        autoPromotionEnabled: true,
        ...autoPromotionHold(stagingPromo, f[3].name, P),
      }),
    }),
  );

  out.push(...checkoutProdObjects(f));
  out.push(projectConfig(P, [{ name: 'staging', autoPromotionEnabled: true }]));
  return withArgoCdApps(out, P, {
    dev: ['Healthy', 'Synced'],
    staging: ['Healthy', 'Synced'],
    prod: ['Progressing', 'OutOfSync'],
  });
}

/**
 * The checkout Warehouse's sources publish every release so far and one not
 * yet discovered (v1.10.0): refreshing the Warehouse makes its Freight.
 */
function publishing(
  warehouseObject: Record<string, any>,
  releases: string[],
): Record<string, any> {
  const published = releases.map(v => ({
    tag: `v${v}`,
    message: `checkout: release v${v}`,
  }));
  return {
    ...warehouseObject,
    metadata: {
      ...warehouseObject.metadata,
      annotations: {
        ...warehouseObject.metadata.annotations,
        [PUBLISHED_ANNOTATION]: JSON.stringify(published),
      },
    },
  };
}

/**
 * A Stage status' hold of its Warehouse origin set by `promo` (Kargo v1.11
 * writes it to autoPromotionHolds once the Promotion succeeded, and to
 * effectiveAutoPromotionHolds each reconciliation).
 */
function autoPromotionHold(
  promo: Record<string, any>,
  freightName: string,
  warehouseName: string,
): Record<string, any> {
  const hold = {
    freightName,
    origin: { kind: 'Warehouse', name: warehouseName },
    promotionName: promo.metadata.name,
    actor: 'email:ada@acme.example',
    createdAt: promo.metadata.creationTimestamp,
  };
  const key = `Warehouse/${warehouseName}`;
  return {
    autoPromotionHolds: { [key]: hold },
    effectiveAutoPromotionHolds: { [key]: hold },
  };
}

/**
 * The smoke test as Argo Rollouts runs it: a job metric (two containers),
 * whose measurements name the Job (`job-name` / `job-namespace` metadata),
 * so Kargo's UI, and ours, can stream its logs.
 */
function withSmokeTestJob(run: Record<string, any>) {
  const metric = run.spec.metrics.find(
    (m: any) => m.name === 'checkout-smoke-test',
  );
  metric.provider = {
    job: {
      spec: {
        backoffLimit: 0,
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [
              {
                name: 'smoke-test',
                image: 'ghcr.io/acme/checkout-smoke:1.4.0',
                args: ['--target', 'http://checkout.staging.svc', '--probes', '10'],
              },
              { name: 'proxy', image: 'envoyproxy/envoy:v1.31.0' },
            ],
          },
        },
      },
    },
  };
  delete metric.successCondition;
  const result = run.status.metricResults.find(
    (r: any) => r.name === 'checkout-smoke-test',
  );
  for (const m of result.measurements)
    m.metadata = { 'job-name': DEMO_SMOKE_TEST_JOB, 'job-namespace': P };
}
