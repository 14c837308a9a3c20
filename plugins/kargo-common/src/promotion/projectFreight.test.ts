import type { ProjectVerdict } from '../stage/budgetVerdicts';
import { buildProjectStages } from '../stage/project';
import type { Freight, Stage } from '../types';
import { JsonSizes } from '../util/jsonSize';
import { ProjectIndexes } from '../stage/projectIndexes';
import { MAX_FREIGHT_PER_ORIGIN, ProjectFreight } from './projectFreight';

// A watch event rebuilds one Stage from the Freight objects the watch
// holds: the project's Freight index is kept, not built again per event
// (issue 35, attack 10: 500,000 Freight cost ~0.75 s per event).

const BASE = Date.UTC(2026, 0, 1);

/** Freight of warehouse `w`, counting reads of its creation time. */
function datedFreight(count: number, order: (i: number) => number) {
  const reads = { count: 0 };
  const list: Freight[] = Array.from({ length: count }, (_, i) => {
    const minute = order(i);
    const metadata = { name: `f${minute}`, namespace: 'p' };
    Object.defineProperty(metadata, 'creationTimestamp', {
      enumerable: true,
      get: () => {
        reads.count++;
        return new Date(BASE + minute * 60_000).toISOString();
      },
    });
    return { metadata, origin: { kind: 'Warehouse', name: 'w' } } as Freight;
  });
  return { list, reads };
}

const stageOf = (name: string): Stage => ({
  metadata: { name, namespace: 'p' },
  spec: {
    requestedFreight: [
      { origin: { kind: 'Warehouse', name: 'w' }, sources: { direct: true } },
    ],
  },
});

/** What an instance's model keeps between builds of a project. */
interface Kept {
  indexes: ProjectIndexes;
  sizes: JsonSizes;
  projectVerdict: ProjectVerdict;
}

const keptMemo = (): Kept => ({
  indexes: new ProjectIndexes(),
  sizes: new JsonSizes(),
  projectVerdict: {},
});

function build(
  stages: Stage[],
  freight: Freight[],
  memo: Kept,
  only?: string[],
) {
  return [
    ...buildProjectStages({
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: '2026-12-06T00:00:00Z',
      stages,
      promotions: [],
      analysisRuns: [],
      freight,
      pullRequestsOf: () => undefined,
      ...memo,
      ...(only ? { only: new Set(only) } : {}),
    }),
  ];
}

describe('ProjectFreight', () => {
  it.each([
    ['oldest first', (i: number) => i],
    ['newest first', (i: number) => 4_999 - i],
    ['shuffled', (i: number) => (i * 7_919) % 5_000],
  ])(
    'offers the newest 20 of 5,000 Freight of one origin listed %s, as a full sort would',
    (_, order) => {
      const { list } = datedFreight(5_000, order);
      const newest = new ProjectFreight(list).newestOf(['Warehouse/w'], 20);
      expect(newest.map(f => f.metadata!.name)).toEqual(
        Array.from({ length: 20 }, (__, i) => `f${4_999 - i}`),
      );
    },
  );

  it(`keeps at most ${MAX_FREIGHT_PER_ORIGIN} Freight of an origin`, () => {
    const { list } = datedFreight(1_000, i => i);
    const offered = new ProjectFreight(list).newestOf(['Warehouse/w'], 1_000);
    expect(offered).toHaveLength(MAX_FREIGHT_PER_ORIGIN);
    expect(offered[MAX_FREIGHT_PER_ORIGIN - 1].metadata!.name).toBe('f900');
  });
});

describe("a one-Stage build (a watch event) on the watch's Freight objects", () => {
  const stages = ['a', 'b', 'c'].map(stageOf);

  it('indexes none of the project Freight again', () => {
    const { list, reads } = datedFreight(2_000, i => i);
    const memo = keptMemo();
    const all = build(stages, list, memo);
    expect(all).toHaveLength(3);
    // Each Freight's time read when measured and when indexed, for all
    // three Stages; then once per option shown (20 per Stage).
    expect(reads.count).toBe(2 * 2_000 + 3 * 20);

    reads.count = 0;
    const one = build(stages, [...list], memo, ['b']);
    expect(one.map(s => s.detail.name)).toEqual(['b']);
    expect(one[0].detail.freightOptions).toHaveLength(20);
    // Only the options 'b' shows: nothing indexed or measured again.
    expect(reads.count).toBe(20);
  });

  it('sees a new Freight at once', () => {
    const { list } = datedFreight(200, i => i);
    const memo = keptMemo();
    build(stages, list, memo);
    const newer = datedFreight(1, () => 10_000).list[0];
    const [b] = build(stages, [...list, newer], memo, ['b']);
    expect(b.detail.freightOptions?.[0]?.name).toBe('f10000');
  });
});
