/**
 * Project `p` of instance `i`, its Freight all of Warehouse `w`: a build of
 * its Stages from the lists a test gives (none by default), and the minimal
 * objects the tests of what a project member's many or large objects cost
 * (issue 35) fill it with.
 *
 * Modules the tests `jest.mock` are mocked here too: a mock applies to every
 * import of its module in the test's run, these included.
 */
import { KARGO_LABELS } from '../constants';
import {
  buildProjectStages,
  type BuildProjectStagesInput,
  type BuiltStage,
} from '../stage/project';
import type { AnalysisRun, Freight, Stage } from '../types';
import { collection, freight, stage } from './builders';

/** The time project `p` is built at. */
export const PROJECT_P_NOW = '2026-12-05T21:00:00Z';

/**
 * Every Stage of project `p` built from `lists`: no Stages, Promotions,
 * AnalysisRuns or Freight unless given, no Kargo URL and no pull requests
 * unless `lists` says otherwise.
 */
export function buildProjectP(
  lists: Partial<BuildProjectStagesInput>,
): BuiltStage[] {
  return [
    ...buildProjectStages({
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: PROJECT_P_NOW,
      stages: [],
      promotions: [],
      analysisRuns: [],
      freight: [],
      pullRequestsOf: () => undefined,
      ...lists,
    }),
  ];
}

/** The second `i` seconds after 2026-01-01T00:00:00Z, as RFC 3339. */
function secondsIn(i: number): string {
  return new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
}

/**
 * `count` Freight of Warehouse `w` (seeds `seed0`…, aliases `a0`…), made a
 * second apart from 2026-01-01: the last the newest.
 */
export function freightSecondsApart(count: number): Freight[] {
  return Array.from({ length: count }, (_, i) => {
    const f = freight('p', 'w', `seed${i}`, `a${i}`);
    f.metadata!.creationTimestamp = secondsIn(i);
    return f;
  });
}

/**
 * A minimal AnalysisRun `<stageName>.<i>` (about 200 characters of JSON),
 * known by its labels alone: of `stageName`, verifying `freightName` (of the
 * FreightCollection `collectionId` when given), started `i` seconds after
 * 2026-01-01.
 */
export function labelledRun(
  stageName: string,
  i: number,
  freightName: string,
  phase: string,
  collectionId?: string,
): AnalysisRun {
  return {
    metadata: {
      name: `${stageName}.${i}`,
      namespace: 'p',
      labels: {
        [KARGO_LABELS.stage]: stageName,
        [KARGO_LABELS.freight]: freightName,
        ...(collectionId
          ? { [KARGO_LABELS.freightCollection]: collectionId }
          : {}),
      },
    },
    status: { phase, startedAt: secondsIn(i) },
  } as AnalysisRun;
}

/**
 * A minimal Stage (about 100 characters of JSON) taking Freight of one
 * Warehouse directly, its status as given: of project `p` and Warehouse `w`
 * unless named.
 */
export function minimalDirectStage(
  name: string,
  o: { project?: string; warehouse?: string; status?: unknown } = {},
): Stage {
  return {
    metadata: { name, namespace: o.project ?? 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: o.warehouse ?? 'w' },
          sources: { direct: true },
        },
      ],
    },
    ...(o.status ? { status: o.status } : {}),
  } as unknown as Stage;
}

/**
 * A minimal Stage of project `p` (as minimalDirectStage's) taking Warehouse
 * `w`'s Freight from the Stages `upstream`.
 */
export function minimalDownstreamStage(
  name: string,
  upstream: string[],
): Stage {
  const s = minimalDirectStage(name);
  s.spec!.requestedFreight![0].sources = { stages: upstream } as never;
  return s;
}

/** A Stage of project `p` holding `f` of Warehouse `w`, never verified. */
export function stageHolding(name: string, f: Freight): Stage {
  return stage({
    project: 'p',
    name,
    warehouse: 'w',
    freightHistory: [collection('w', f, [])],
  });
}

/** A Stage of project `p` taking Warehouse `w`'s Freight from `upstream`. */
export function stageDownstreamOf(name: string, upstream: string[]): Stage {
  const s = stage({ project: 'p', name, warehouse: 'w' });
  s.spec!.requestedFreight![0].sources = { stages: upstream } as never;
  return s;
}

/**
 * `object`, its (enumerable, read-only) property `key` now `value`, calling
 * `onRead` at each read of it.
 */
export function withReadHook<T extends object>(
  object: T,
  key: string,
  value: unknown,
  onRead: () => void,
): T {
  Object.defineProperty(object, key, {
    enumerable: true,
    get: () => {
      onRead();
      return value;
    },
  });
  return object;
}

/** `list`, counting how many of its entries are read since the last reset. */
export function countingReads<T>(list: T[]): {
  list: T[];
  reads: () => number;
  reset: () => void;
} {
  let reads = 0;
  const proxy = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    list: proxy,
    reads: () => reads,
    reset: () => {
      reads = 0;
    },
  };
}
