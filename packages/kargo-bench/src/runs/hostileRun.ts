/**
 * `yarn bench --hostile`: what one project member's huge Stage costs the
 * backend's one thread per rebuild of that Stage (issue 35, attack 5). Each
 * shape is within what the API server stores; before the fixes they took
 * 2-23 s and served up to 117 MB. kargo-common's hostileScale.test.ts
 * asserts what a user sees of them (caps, no error); this prints the time.
 */
import {
  buildProjectStages,
  type BuildProjectStagesInput,
} from '@kargo-backstage/plugin-kargo-common';
import { kargoObjects, type Obj } from '@kargo-backstage/kargo-test-objects';
import { measure } from '../measure';

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
      project,
      stage: 'web',
      freight: { name: 'abc1234def' },
      minutes: n + 1,
      steps: shape.steps,
      phase: n === 0 ? 'Failed' : 'Pending',
      state: shape.state,
      progress: false,
    }),
  );
  return {
    instance: 'bench',
    kargoUrl: null,
    project,
    now: new Date().toISOString(),
    stages: [stage],
    promotions,
    analysisRuns: [],
    freight: [],
    pullRequestsOf: () => undefined,
  } as unknown as BuildProjectStagesInput;
}

export interface HostileFigure {
  shape: string;
  ms: number;
  cpuMs: number;
  detailMb: number;
  promotionsShown: number;
}

export async function runHostile(): Promise<HostileFigure[]> {
  const figures: HostileFigure[] = [];
  for (const shape of SHAPES) {
    const input = listsOf(shape);
    const { result, cost } = await measure(async () => [
      ...buildProjectStages(input),
    ]);
    const detail = result[0].detail;
    figures.push({
      shape: shape.name,
      ms: Math.round(cost.wallMs),
      cpuMs: Math.round(cost.cpuMs),
      detailMb: +(JSON.stringify(detail).length / 1e6).toFixed(1),
      promotionsShown: detail.promotions?.length ?? 0,
    });
  }
  return figures;
}
