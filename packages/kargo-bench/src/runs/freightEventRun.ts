/**
 * `yarn bench --hostile`: what a watch event (a one-Stage build) costs in a
 * project whose members made a huge Freight list (issue 35, attack 10).
 * The project's Freight index is kept between builds while the watch holds
 * the same objects; without it, each event indexed and sorted the whole
 * list again (~0.75 s at 500,000 Freight).
 */
import {
  JsonSizes,
  buildProjectStages,
  type BuildProjectStagesInput,
  type Freight,
  type KeptProjectFreight,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import { measure } from '../measure';

export interface FreightEventFigure {
  freight: number;
  stages: number;
  /** A build of every Stage: each Freight measured and indexed. */
  firstMs: number;
  /** A one-Stage build with the index kept (the watch's case). */
  eventMs: number;
  /** The same build with no index kept (a poll's, and every event before). */
  unkeptMs: number;
}

const BASE = Date.UTC(2026, 0, 1);

function project(freightCount: number, stageCount: number) {
  // Minimal Freight, as a project member can create them, listed by name
  // (as the API server lists them): not in time order.
  const freight: Freight[] = Array.from({ length: freightCount }, (_, i) => ({
    metadata: {
      name: `f${(i * 7_919) % freightCount}`,
      namespace: 'p',
      creationTimestamp: new Date(BASE + i * 1_000).toISOString(),
    },
    origin: { kind: 'Warehouse', name: 'w' },
  }));
  const stages: Stage[] = Array.from({ length: stageCount }, (_, i) => ({
    metadata: { name: `s${i}`, namespace: 'p' },
    spec: {
      requestedFreight: [
        { origin: { kind: 'Warehouse', name: 'w' }, sources: { direct: true } },
      ],
    },
  }));
  return { freight, stages };
}

export async function runFreightEvent(
  freightCount = 500_000,
  stageCount = 10,
): Promise<FreightEventFigure> {
  const { freight, stages } = project(freightCount, stageCount);
  const keptFreight: KeptProjectFreight = {};
  const base: BuildProjectStagesInput = {
    instance: 'bench',
    kargoUrl: null,
    project: 'p',
    now: new Date().toISOString(),
    stages,
    promotions: [],
    analysisRuns: [],
    freight,
    pullRequestsOf: () => undefined,
    sizes: new JsonSizes(),
    projectVerdict: {},
  };
  const build = (input: Partial<BuildProjectStagesInput>) =>
    measure(async () => [...buildProjectStages({ ...base, ...input })]);
  const first = await build({ keptFreight });
  // The watch hands out a new array of the objects it holds.
  const only = new Set(['s1']);
  const event = await build({ freight: [...freight], only, keptFreight });
  const unkept = await build({ freight: [...freight], only });
  return {
    freight: freightCount,
    stages: stageCount,
    firstMs: Math.round(first.cost.wallMs),
    eventMs: Math.round(event.cost.wallMs),
    unkeptMs: Math.round(unkept.cost.wallMs),
  };
}
