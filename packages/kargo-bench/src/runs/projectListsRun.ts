/**
 * `yarn bench --hostile`: what a project's long shared lists cost its
 * builds (issue 35). Each list is indexed once for all of the project's
 * Stages (ProjectIndexes) and kept between builds while the watch holds the
 * same objects:
 * - a watch event (a one-Stage build) in a project of 500,000 Freight indexed
 *   and sorted the whole list again (~0.75 s an event);
 * - a build of 4,000 Stages filtered 200,000 Promotions once per Stage (16 s).
 */
import {
  JsonSizes,
  buildProjectStages,
  type BuildProjectStagesInput,
  ProjectIndexes,
  type Freight,
  type Promotion,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import { measure } from '../measure';

export interface ProjectListsFigure {
  stages: number;
  freight: number;
  promotions: number;
  /** A build of every Stage: each object measured and indexed. */
  firstMs: number;
  /** A one-Stage build with the indexes kept (the watch's case). */
  eventMs: number;
  /** The same build with nothing kept (a poll's). */
  unkeptMs: number;
}

const BASE = Date.UTC(2026, 0, 1);
const ORIGIN = { kind: 'Warehouse', name: 'w' };
const at = (i: number) => new Date(BASE + i * 1_000).toISOString();

/** Listed by name, as the API server lists them: not in time order. */
const shuffled = (i: number, count: number) => (i * 7_919) % count;

function lists(
  stageCount: number,
  freightCount: number,
  promotionCount: number,
) {
  // Minimal objects, as a project member can create them.
  const freight: Freight[] = Array.from({ length: freightCount }, (_, i) => ({
    metadata: {
      name: `f${shuffled(i, freightCount)}`,
      namespace: 'p',
      creationTimestamp: at(i),
    },
    origin: ORIGIN,
  }));
  const promotions: Promotion[] = Array.from(
    { length: promotionCount },
    (_, i) => ({
      metadata: {
        name: `s${i % stageCount}.${shuffled(i, promotionCount)}`,
        namespace: 'p',
        creationTimestamp: at(i),
      },
      spec: { stage: `s${i % stageCount}`, freight: 'f0' },
    }),
  );
  const stages: Stage[] = Array.from({ length: stageCount }, (_, i) => ({
    metadata: { name: `s${i}`, namespace: 'p' },
    spec: { requestedFreight: [{ origin: ORIGIN, sources: { direct: true } }] },
  }));
  return { stages, freight, promotions };
}

export async function runProjectLists(
  stageCount: number,
  freightCount: number,
  promotionCount: number,
): Promise<ProjectListsFigure> {
  const listed = lists(stageCount, freightCount, promotionCount);
  const indexes = new ProjectIndexes();
  const base: BuildProjectStagesInput = {
    instance: 'bench',
    kargoUrl: null,
    project: 'p',
    now: new Date().toISOString(),
    ...listed,
    analysisRuns: [],
    pullRequestsOf: () => undefined,
    sizes: new JsonSizes(),
    projectVerdict: {},
  };
  const build = (input: Partial<BuildProjectStagesInput>) =>
    measure(async () => [...buildProjectStages({ ...base, ...input })]);
  const first = await build({ indexes });
  // The watch hands out new arrays of the objects it holds.
  const again = {
    freight: [...listed.freight],
    promotions: [...listed.promotions],
    only: new Set(['s1']),
  };
  const event = await build({ ...again, indexes });
  const unkept = await build(again);
  return {
    stages: stageCount,
    freight: freightCount,
    promotions: promotionCount,
    firstMs: Math.round(first.cost.wallMs),
    eventMs: Math.round(event.cost.wallMs),
    unkeptMs: Math.round(unkept.cost.wallMs),
  };
}
