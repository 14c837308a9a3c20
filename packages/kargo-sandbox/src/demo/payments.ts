/**
 * Project `payments` (GitLab, https://gitlab.example.com/payments/deploy):
 * test -> qa -> (uat, perf) -> prod.
 * - test: the current verification really is Running; it turns Failed
 *   DEMO_FAILS_AFTER_SECONDS after the sandbox starts (a live change).
 * - qa: the current verification Failed, with failed measurements: a
 *   re-verification of humble-crane, which had first verified Successful
 *   there. Kargo still offers humble-crane to uat and perf (akuity/kargo#5144);
 *   the Promote dialog warns.
 * - uat: no spec.verification (immediate Successful VIs, no AnalysisRun).
 * - perf: 14 AnalysisRuns, only the newest 10 listed in status.
 * - prod: fixed source branch release/payments-prod with open MR !7; a
 *   Promotion that failed at git-wait-for-pr (no PR number from open-pr).
 * - icy-koala (newest Freight) is approved by hand for perf only.
 */
import {
  analysisRun,
  analysisTemplate,
  collection,
  condition,
  DemoFreight,
  freight,
  project,
  stageObject,
  verificationInfo,
  warehouse,
} from './builders';
import { directSteps } from './steps';
import { FAILS_AFTER_ANNOTATION } from '../controller/moving';
import { paymentsProdObjects } from './paymentsProd';

import { baseStatus, healthyConditions } from './stageStatus';

const P = 'payments';
/** When payments/test's running verification fails in the demo. */
const DEMO_FAILS_AFTER_SECONDS = 180;
const REPO = 'https://gitlab.example.com/payments/deploy';
const IMAGE = 'registry.gitlab.example.com/payments/payments-api';
const METRICS = ['error-rate', 'latency-p99'];
const T = ['payments-verification'];

type Obj = Record<string, any>;

function simpleStage(
  name: string,
  upstream: string | undefined,
  status: Obj,
  extra: Partial<Parameters<typeof stageObject>[0]> = {},
) {
  return stageObject({
    project: P,
    name,
    minutes: -40,
    warehouse: P,
    upstream,
    repoURL: REPO,
    steps: directSteps(name, IMAGE),
    templates: T,
    status,
    ...extra,
  });
}

export function paymentsScenario(): Obj[] {
  const versions = ['2.3.0', '2.4.0', '2.5.0', '2.6.0'];
  const aliases = ['frosty-pike', 'gentle-moose', 'humble-crane', 'icy-koala'];
  const f: DemoFreight[] = versions.map((v, i) =>
    freight({
      project: P,
      warehouse: P,
      alias: aliases[i],
      image: IMAGE,
      tag: `v${v}`,
      repoURL: REPO,
      message: `payments-api: release v${v}`,
      minutes: 300 + i * 800,
      currentlyIn: {
        ...(i === 3 ? { test: 2705 } : {}),
        ...(i === 2 ? { qa: 2000, uat: 2100, perf: 2200 } : {}),
        ...(i === 1 ? { prod: 1300 } : {}),
      },
      verifiedIn: {
        ...(i <= 2 ? { test: 300 + i * 800 + 20, uat: 2101 } : {}),
        ...(i === 2 ? { qa: 2004 } : {}),
        ...(i === 1 ? { prod: 1320 } : {}),
      },
      // icy-koala skips qa into perf by manual approval; for uat and prod it
      // awaits verification upstream or an approval.
      ...(i === 3 ? { approvedFor: { perf: 2710 } } : {}),
    }),
  );
  const out: Obj[] = [
    project(P, -100),
    warehouse(P, P, IMAGE, REPO, -90),
    analysisTemplate(P, T[0], METRICS, -80),
  ];
  out.push(...f.map(x => x.object));

  // test: the newest verification is really running.
  const testOld = analysisRun({
    stage: 'test',
    project: P,
    freight: f[2],
    minutes: 1925,
    phase: 'Successful',
    metrics: METRICS,
  });
  const testRunning = analysisRun({
    stage: 'test',
    project: P,
    freight: f[3],
    minutes: 2710,
    phase: 'Running',
    metrics: METRICS,
  });
  (testRunning.metadata as Obj).annotations = {
    [FAILS_AFTER_ANNOTATION]: String(DEMO_FAILS_AFTER_SECONDS),
  };
  out.push(testOld, testRunning);
  out.push(
    simpleStage(
      'test',
      undefined,
      baseStatus(f[3], 2710, {
        conditions: [
          condition(
            'Ready',
            'Unknown',
            'VerificationRunning',
            'Verification is running',
            2710,
          ),
          condition('Healthy', 'True', 'Healthy', 'Stage is healthy', 2705),
          condition(
            'Verified',
            'Unknown',
            'VerificationRunning',
            'Verification is running',
            2710,
          ),
        ],
        freightHistory: [
          collection(f[3], [
            verificationInfo(testRunning, {
              id: 'test/3',
              minutes: 2710,
              phase: 'Running',
            }),
          ]),
          collection(f[2], [
            verificationInfo(testOld, {
              id: 'test/2',
              minutes: 1925,
              phase: 'Successful',
              finished: true,
            }),
          ]),
        ],
      }),
    ),
  );

  // qa: humble-crane verified Successful, then a re-verification Failed;
  // its measurements say why.
  const qaVerified = analysisRun({
    stage: 'qa',
    project: P,
    freight: f[2],
    minutes: 2001,
    phase: 'Successful',
    metrics: METRICS,
  });
  const qaFailed = analysisRun({
    stage: 'qa',
    project: P,
    freight: f[2],
    minutes: 2010,
    phase: 'Failed',
    metrics: METRICS,
    failures: {
      'error-rate':
        'error-rate 0.871 is below 0.95: card authorisations time out against the acquirer sandbox',
    },
  });
  out.push(qaFailed, qaVerified);
  out.push(
    simpleStage(
      'qa',
      'test',
      baseStatus(f[2], 2015, {
        conditions: [
          condition(
            'Ready',
            'False',
            'VerificationFailed',
            qaFailed.status.message as string,
            2015,
          ),
          condition('Healthy', 'True', 'Healthy', 'Stage is healthy', 2005),
          condition(
            'Verified',
            'False',
            'VerificationFailed',
            qaFailed.status.message as string,
            2015,
          ),
        ],
        freightHistory: [
          collection(f[2], [
            verificationInfo(qaFailed, {
              id: 'qa/2',
              minutes: 2010,
              phase: 'Failed',
              finished: true,
              message: qaFailed.status.message as string,
            }),
            verificationInfo(qaVerified, {
              id: 'qa/1',
              minutes: 2001,
              phase: 'Successful',
              finished: true,
            }),
          ]),
        ],
      }),
    ),
  );

  // uat: no verification; Kargo records immediate Successful entries with ids.
  out.push(
    simpleStage(
      'uat',
      'qa',
      baseStatus(f[2], 2101, {
        conditions: healthyConditions(2101),
        freightHistory: [
          collection(f[2], [
            verificationInfo(undefined, {
              id: 'uat/2',
              minutes: 2101,
              phase: 'Successful',
              finished: true,
            }),
          ]),
          collection(f[1], [
            verificationInfo(undefined, {
              id: 'uat/1',
              minutes: 1201,
              phase: 'Successful',
              finished: true,
            }),
          ]),
        ],
      }),
      { templates: undefined },
    ),
  );

  // perf: 14 runs of one collection; Kargo keeps only the newest 10 in status.
  const perfRuns = Array.from({ length: 14 }, (_, i) =>
    analysisRun({
      stage: 'perf',
      project: P,
      freight: f[2],
      minutes: 2210 + i * 30,
      phase: i % 4 === 2 ? 'Failed' : 'Successful',
      metrics: METRICS,
      ...(i % 4 === 2
        ? {
            failures: {
              'latency-p99': `latency-p99 412ms is above the 300ms budget (load test run ${
                i + 1
              })`,
            },
          }
        : {}),
    }),
  );
  out.push(...perfRuns);
  const perfVIs = perfRuns
    .map((ar, i) =>
      verificationInfo(ar, {
        id: `perf/${i}`,
        minutes: 2210 + i * 30,
        phase: ar.status.phase,
        finished: true,
        actor: 'email:grace@acme.example',
        ...(ar.status.message ? { message: ar.status.message } : {}),
      }),
    )
    .reverse()
    .slice(0, 10);
  out.push(
    simpleStage(
      'perf',
      'qa',
      baseStatus(f[2], 2620, {
        conditions: healthyConditions(2620),
        freightHistory: [collection(f[2], perfVIs)],
      }),
    ),
  );

  out.push(...paymentsProdObjects(f));
  return out;
}
