/**
 * Project `edge` (GitHub, https://github.com/acme/edge-deploy): a large
 * pipeline of 50 Stages that fans out and back in, then out again by region:
 * dev -> (qa-integration, qa-e2e, qa-perf) -> uat
 *     -> staging-<region> -> canary-<region> -> prod-<region> (15 regions).
 * Every Stage holds a Freight with a Successful verification (no spec.verification,
 * so Kargo records immediate Successful entries), which keeps the demo's
 * "Failed" and "Stale" lists to the small projects.
 */
import {
  collection,
  DemoFreight,
  freight,
  project,
  stageObject,
  verificationInfo,
  warehouse,
} from './builders';
import { gitHubPullRequest } from './git';
import { directSteps } from './steps';
import { baseStatus, healthyConditions } from './stageStatus';

const P = 'edge';
const REPO = 'https://github.com/acme/edge-deploy';
const IMAGE = 'ghcr.io/acme/edge-gateway';

export const EDGE_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-southeast-1',
  'ap-southeast-2',
];

type Obj = Record<string, any>;

interface EdgeStage {
  name: string;
  upstream?: string[];
  /** Index of the Freight it holds (newer Freight has not gone as far). */
  holds: number;
  /** Its column in the pipeline, for plausible promotion times. */
  depth: number;
}

/** The 50 Stages with their upstream Stages and the Freight each holds. */
export function edgeStages(): EdgeStage[] {
  const qa = ['qa-integration', 'qa-e2e', 'qa-perf'];
  return [
    { name: 'dev', holds: 3, depth: 0 },
    ...qa.map(name => ({ name, upstream: ['dev'], holds: 3, depth: 1 })),
    { name: 'uat', upstream: qa, holds: 2, depth: 2 },
    ...EDGE_REGIONS.flatMap((region, i) => {
      // The newest release has reached the first regions only.
      const rollout = i < 5 ? 2 : 1;
      return [
        {
          name: `staging-${region}`,
          upstream: ['uat'],
          holds: rollout,
          depth: 3,
        },
        {
          name: `canary-${region}`,
          upstream: [`staging-${region}`],
          holds: rollout === 2 && i < 3 ? 2 : 1,
          depth: 4,
        },
        {
          name: `prod-${region}`,
          upstream: [`canary-${region}`],
          holds: i < 8 ? 1 : 0,
          depth: 5,
        },
      ];
    }),
  ];
}

export function edgeScenario(): Obj[] {
  const stages = edgeStages();
  const versions = ['4.0.0', '4.1.0', '4.2.0', '4.3.0'];
  const aliases = ['jolly-ibex', 'keen-marten', 'lucky-newt', 'mellow-orca'];
  const promotedAt = (s: EdgeStage) => s.holds * 500 + 30 + s.depth * 20;
  const f: DemoFreight[] = versions.map((v, i) => {
    const holding = stages.filter(s => s.holds === i);
    // Every Freight went down the pipeline in order: a Stage holding a
    // newer one verified this one before.
    const passed = stages.filter(s => s.holds >= i);
    return freight({
      project: P,
      warehouse: P,
      alias: aliases[i],
      image: IMAGE,
      tag: `v${v}`,
      repoURL: REPO,
      message: `edge-gateway: release v${v}`,
      minutes: i * 500,
      currentlyIn: Object.fromEntries(
        holding.map(s => [s.name, promotedAt(s)]),
      ),
      verifiedIn: Object.fromEntries(
        passed.map(s => [s.name, i * 500 + 35 + s.depth * 20]),
      ),
    });
  });
  const out: Obj[] = [
    project(P, -100),
    warehouse(P, P, IMAGE, REPO, -90),
    ...f.map(x => x.object),
    // The GitHub fake knows a repository by its pull requests: one merged
    // (no Stage of edge waits on a PR) so listing edge-deploy answers, empty.
    gitHubPullRequest('edge-deploy-pr-1', {
      repoURL: REPO,
      number: 1,
      title: 'Add the edge-gateway manifests',
      state: 'merged',
      sourceBranch: 'bootstrap',
      targetBranch: 'main',
      minutes: -95,
    }),
  ];
  for (const s of stages) {
    const minutes = promotedAt(s);
    out.push(
      stageObject({
        project: P,
        name: s.name,
        minutes: -40,
        warehouse: P,
        upstream: s.upstream,
        repoURL: REPO,
        steps: directSteps(s.name, IMAGE),
        status: baseStatus(f[s.holds], minutes, {
          conditions: healthyConditions(minutes + 2),
          freightHistory: [
            collection(f[s.holds], [
              verificationInfo(undefined, {
                id: `edge/${s.name}/${s.holds}`,
                minutes: minutes + 2,
                phase: 'Successful',
                finished: true,
              }),
            ]),
          ],
        }),
      }),
    );
  }
  return out;
}
