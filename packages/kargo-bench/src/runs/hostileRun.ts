/**
 * `yarn bench --hostile`: what one project member's huge Stage costs the
 * backend's one thread per rebuild of that Stage (issue 35, attack 5). Each
 * shape is within what the API server stores; before the fixes they took
 * 2-23 s and served up to 117 MB. kargo-common's hostileScale.test.ts
 * asserts what a user sees of them (caps, no error); this prints the time.
 */
import {
  JsonSizes,
  buildProjectStages,
  type BuildProjectStagesInput,
} from '@kargo-backstage/plugin-kargo-common';
import {
  kargoObjects,
  shuffled,
  type Obj,
} from '@kargo-backstage/kargo-test-objects';
import { measure } from '../measure';
import { fleetProjects } from '../fleet/generate';
import { sha1 } from '../fleet/objects';

const objects = kargoObjects({
  epoch: '2026-11-30T09:00:00Z',
  uid: () => undefined,
});
const REPO = 'https://github.com/acme/app';

/** `count` steps of one kind, aliased `<prefix><i>`. */
function steps(count: number, uses: string, prefix: string, config: Obj) {
  return Array.from({ length: count }, (_, i) => ({
    uses,
    as: `${prefix}${i}`,
    config,
  }));
}

interface Shape {
  name: string;
  steps: Obj[];
  promotions: number;
  state?: Obj;
  /** Every Promotion's phase (default: the newest Failed, the others Pending). */
  phase?: string;
  /** Open PRs of the repository, all from the branch `x` a step names. */
  pullRequests?: number;
  /** Freight of the Stage's Warehouse, each commit subject this long. */
  freight?: { count: number; subject: number };
  /** Runs verifying the Stage, each declaring these metric names (none measured). */
  runs?: { count: number; metrics: string[] };
  /**
   * Promotions named `web.<hash>` and runs started in a shuffled order,
   * both listed by name: in no order of time (issue 35, attack 18).
   */
  unordered?: boolean;
}

const SHAPES: Shape[] = [
  {
    // Each recorded output looked its step up in every Git step (quadratic).
    name: '10 x (4,000 outputs, 4,000 Git)',
    steps: [
      ...steps(4_000, 'compose-output', 'o', { pr: { id: 1 } }),
      ...steps(4_000, 'git-clone', 'c', { repoURL: REPO }),
    ],
    promotions: 10,
    state: Object.fromEntries(
      Array.from({ length: 4_000 }, (_, i) => [`o${i}`, { pr: { id: i + 1 } }]),
    ),
  },
  {
    // A view per step of every Promotion.
    name: '50 Promotions x 15,000 steps',
    steps: steps(15_000, 'git-clone', 's', { repoURL: REPO }),
    promotions: 50,
  },
  {
    // Every Promotion a timeline entry and walked for its Git steps.
    name: '5,000 Promotions x 200 steps',
    steps: steps(200, 'git-clone', 's', { repoURL: REPO }),
    promotions: 5_000,
  },
  {
    // Every Promotion claiming to run was walked and shown (issue 35,
    // attack 7; a project admin may grant themselves promotions/status).
    name: '50,000 Promotions claiming to run',
    steps: steps(1, 'git-clone', 's', { repoURL: REPO }),
    promotions: 50_000,
    phase: 'Running',
  },
  {
    // Every step of a repeated alias viewed its output (issue 35, attack 7):
    // 4.1 MB served of a 42 KB Promotion, for each of a member's Stages.
    name: '1 Promotion x 200 steps of one alias',
    steps: Array.from({ length: 200 }, () => ({
      uses: 'compose-output',
      as: 'x',
      config: {},
    })),
    promotions: 1,
    state: {
      x: {
        links: Array.from({ length: 20 }, (_, j) => ({
          url: `https://x.example/${'a'.repeat(2_000)}${j}`,
        })),
      },
    },
  },
  {
    // Every PR of the branch was attributed to the Stage (issue 35, attack
    // 7): 2.9 MB served per Stage of 1 KB naming the branch.
    name: '5,000 open PRs of one branch',
    steps: [
      {
        uses: 'git-open-pr',
        as: 'pr',
        config: { repoURL: REPO, sourceBranch: 'x', targetBranch: 'main' },
      },
    ],
    promotions: 0,
    pullRequests: 5_000,
  },
  {
    // Each Stage offered the Freight's commit subjects whole (issue 35,
    // attack 7): 10 MB served per Stage that requests the Warehouse.
    name: '20 Freight of 500 KB commit subjects',
    steps: [],
    promotions: 0,
    freight: { count: 20, subject: 500_000 },
  },
  {
    // Every entry of the verification history listed the metrics its run
    // copied from the template (issue 35, attack 7): 286 MB served.
    name: '300 runs x 3,000 metric names',
    steps: [],
    promotions: 0,
    runs: {
      count: 300,
      metrics: Array.from({ length: 3_000 }, (_, m) =>
        `${'m'.repeat(250)}${m}`.slice(-250),
      ),
    },
  },
  {
    // Sorted with two Date.parse per comparison, before the budget verdict
    // (issue 35, attack 18).
    name: '20,000 Promotions named in no order of time',
    steps: steps(1, 'git-clone', 's', { repoURL: REPO }),
    promotions: 20_000,
    unordered: true,
  },
  {
    // The history sorted with two Date.parse per comparison (issue 35,
    // attack 18).
    name: '20,000 runs started in no order of time',
    steps: [],
    promotions: 0,
    runs: { count: 20_000, metrics: [] },
    unordered: true,
  },
];

function listsOf(shape: Shape): BuildProjectStagesInput {
  const project = 'hostile';
  const stage = objects.stage({
    project,
    name: 'web',
    minutes: 0,
    warehouse: 'app',
    steps: shape.steps,
    status: { freightHistory: [] },
  });
  const promotions = Array.from({ length: shape.promotions }, (_, n) =>
    objects.promotion({
      ...(shape.unordered ? { name: `web.${sha1(`p${n}`)}` } : {}),
      project,
      stage: 'web',
      freight: { name: 'abc1234def' },
      minutes: n + 1,
      steps: shape.steps,
      phase: shape.phase ?? (n === 0 ? 'Failed' : 'Pending'),
      state: shape.state,
      progress: false,
    }),
  );
  if (shape.unordered)
    promotions.sort((a, b) =>
      String(a.metadata?.name) < String(b.metadata?.name) ? -1 : 1,
    );
  const runs = shape.runs;
  const minutes = shape.unordered ? shuffled(runs?.count ?? 0) : undefined;
  // The watch holds the runs' equal specs once (ObjectCompactor): so does this.
  const spec = runs && { metrics: runs.metrics.map(name => ({ name })) };
  const analysisRuns = Array.from({ length: runs?.count ?? 0 }, (_, n) => ({
    ...objects.analysisRun({
      project,
      stage: 'web',
      freight: { name: 'abc1234def', uid: 'uid-abc1234d' },
      minutes: (minutes?.[n] ?? n) + 1,
      phase: 'Error',
      metrics: [],
      metricResults: [],
    }),
    spec,
  }));
  const freight = Array.from(
    { length: shape.freight?.count ?? 0 },
    (_, n) =>
      objects.freight({
        project,
        warehouse: 'app',
        alias: `f${n}`,
        image: 'ghcr.io/acme/app',
        tag: `v${n}`,
        repoURL: REPO,
        message: 's'.repeat(shape.freight!.subject),
        minutes: n,
      }).object,
  );
  const pullRequests = Array.from(
    { length: shape.pullRequests ?? 0 },
    (_, n) => ({
      provider: 'github',
      repoUrl: REPO,
      number: n + 1,
      title: 't'.repeat(256),
      url: `${REPO}/pull/${n + 1}`,
      state: 'open',
      sourceBranch: 'x',
      targetBranch: `base-${n}`,
      author: 'mallory',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      headSha: null,
    }),
  );
  return {
    instance: 'bench',
    kargoUrl: null,
    project,
    now: new Date().toISOString(),
    stages: [stage],
    promotions,
    analysisRuns,
    freight,
    pullRequestsOf: () =>
      pullRequests.length ? { pullRequests, error: null } : undefined,
  } as unknown as BuildProjectStagesInput;
}

export interface HostileFigure {
  shape: string;
  /** Characters of the Stage's, its Promotions' and runs' JSON, in MB (its budget's measure). */
  objectsMb: number;
  /** One build with no object budget: what the per-path caps alone cost. */
  capsOnlyMs: number;
  /** The first build under the default budgets: each object measured once. */
  firstMs: number;
  /** A rebuild under the default budgets (objects measured already). */
  ms: number;
  cpuMs: number;
  detailMb: number;
  promotionsShown: number;
  /** Shown as too large to show (over `kargo.limits.stageObjectsMB`). */
  tooLarge: boolean;
}

const NO_BUDGET = { stageChars: Infinity, projectChars: Infinity };

async function timed(input: BuildProjectStagesInput) {
  return measure(async () => [...buildProjectStages(input)]);
}

export async function runHostile(): Promise<HostileFigure[]> {
  const figures: HostileFigure[] = [];
  for (const shape of SHAPES) {
    // Lists of their own for each build: each build meets objects it never measured.
    const capsOnly = await timed({ ...listsOf(shape), budgets: NO_BUDGET });
    // The instance's sizes: measured by the first build, kept for the rebuild.
    const input = { ...listsOf(shape), sizes: new JsonSizes() };
    const first = await timed(input);
    const { result, cost } = await timed(input);
    const detail = result[0].detail;
    const lists = [input.stages, input.promotions, input.analysisRuns];
    const chars = lists
      .flat()
      .reduce((sum: number, o) => sum + JSON.stringify(o).length, 0);
    figures.push({
      shape: shape.name,
      objectsMb: +(chars / 2 ** 20).toFixed(1),
      capsOnlyMs: Math.round(capsOnly.cost.wallMs),
      firstMs: Math.round(first.cost.wallMs),
      ms: Math.round(cost.wallMs),
      cpuMs: Math.round(cost.cpuMs),
      detailMb: +(JSON.stringify(detail).length / 1e6).toFixed(1),
      promotionsShown: detail.promotions?.length ?? 0,
      tooLarge: /too large to show/.test(detail.error ?? ''),
    });
  }
  return figures;
}

/** What measuring costs ordinary Stages: the bench's fleet, built twice. */
export interface FleetMeasureFigure {
  stages: number;
  objectsMb: number;
  /** CPU of a build of every project whose objects are measured first. */
  firstMs: number;
  /** CPU of a build of the same objects, measured already: the build alone. */
  rebuildMs: number;
}

const KIND_LISTS: Record<string, keyof BuildProjectStagesInput> = {
  Stage: 'stages',
  Promotion: 'promotions',
  AnalysisRun: 'analysisRuns',
  Freight: 'freight',
};

export async function runFleetMeasure(
  stages = 1_000,
): Promise<FleetMeasureFigure> {
  const projects = [
    ...fleetProjects({
      projects: stages / 50,
      stagesPerProject: 50,
      stagesPerRepo: 10,
      gitlabEvery: 0,
    }),
  ].map((listed, p) => {
    const lists: Record<string, unknown[]> = {
      stages: [],
      promotions: [],
      analysisRuns: [],
      freight: [],
    };
    for (const object of listed) {
      const list = KIND_LISTS[object.kind as string];
      if (list) lists[list as string].push(object);
    }
    return {
      instance: 'bench',
      kargoUrl: null,
      project: `p${p}`,
      now: new Date().toISOString(),
      ...lists,
      pullRequestsOf: () => undefined,
    } as unknown as BuildProjectStagesInput;
  });
  const buildAll = (sizes: JsonSizes) =>
    measure(async () =>
      projects.reduce(
        (n, input) => n + [...buildProjectStages({ ...input, sizes })].length,
        0,
      ),
    );
  const measured = new JsonSizes();
  const warm = await buildAll(measured);
  // Alternated, best of three: the difference is measuring every object.
  let firstMs = Infinity;
  let rebuildMs = Infinity;
  for (let i = 0; i < 3; i++) {
    firstMs = Math.min(firstMs, (await buildAll(new JsonSizes())).cost.cpuMs);
    rebuildMs = Math.min(rebuildMs, (await buildAll(measured)).cost.cpuMs);
  }
  const chars = projects.reduce(
    (sum, input) =>
      sum +
      [input.stages, input.promotions, input.analysisRuns, input.freight]
        .flat()
        .reduce((n: number, o) => n + JSON.stringify(o).length, 0),
    0,
  );
  return {
    stages: warm.result,
    objectsMb: +(chars / 2 ** 20).toFixed(1),
    firstMs: Math.round(firstMs),
    rebuildMs: Math.round(rebuildMs),
  };
}
