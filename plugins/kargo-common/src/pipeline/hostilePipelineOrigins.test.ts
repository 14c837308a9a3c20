import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import type { Stage, StageDetail } from '../types';
import { buildPipelineGraph, type PipelineGraph } from './graph';

// Issue 35, attack 16. A request's `origin.name` is a free string of the
// Stage's spec (Kargo's CRD sets no length, and its Stage webhook checks
// only that no origin is requested twice). The build serves it whole in
// the detail's `requestedFreight`, and the pipeline graph every viewer's
// browser draws (PipelineOverview) builds one key `<origin>\n<upstream>`
// per request and upstream Stage: each a new copy of the origin, hashed
// twice (Set has + add) and held until the Stage is done. 20 requests of
// 20,000-character origins, each from the same 50 Stages (a 0.4 MB Stage),
// make 1,000 keys of 20,000 characters: 40 million characters hashed, 20
// million held, 100 times the Stage. At the budget (32 MB a Stage) and 300
// upstream Stages it is gigabytes: the tab dies.

const REQUESTS = 20;
const ORIGIN = 20_000;
const UPSTREAM = 50;

/** Characters of the `\n`-joined string keys a Set hashes while `fn` runs. */
function keyCharsHashed(fn: () => void): { chars: number; keys: number } {
  const counted = { chars: 0, keys: 0 };
  const count = (key: unknown) => {
    if (typeof key === 'string' && key.includes('\n')) {
      counted.chars += key.length;
      counted.keys += 1;
    }
  };
  // Plain wrappers, restored after `fn` (a jest spy records every call).
  /* eslint-disable no-extend-native */
  const realHas = Set.prototype.has;
  const realAdd = Set.prototype.add;
  Set.prototype.has = function has(this: Set<unknown>, key: unknown) {
    count(key);
    return realHas.call(this, key);
  };
  Set.prototype.add = function add(this: Set<unknown>, key: unknown) {
    count(key);
    return realAdd.call(this, key) as never;
  } as never;
  try {
    fn();
  } finally {
    Set.prototype.has = realHas;
    Set.prototype.add = realAdd;
  }
  /* eslint-enable no-extend-native */
  return counted;
}

describe('the origins a project member names in a Stage (attack 16)', () => {
  it('reads no origin of 20,000 characters, and keys the graph by origin and upstream Stage apart (it hashed 40 million characters for a 0.4 MB Stage)', () => {
    const upstream = Array.from(
      { length: UPSTREAM },
      (_, i) => `u${String(i).padStart(3, '0')}`,
    );
    const hostile = minimalDirectStage('prod');
    hostile.spec!.requestedFreight = Array.from(
      { length: REQUESTS },
      (_, i) => ({
        origin: {
          kind: 'Warehouse',
          name: String(i).padEnd(ORIGIN, 'x'),
        },
        sources: { stages: upstream },
      }),
    ) as never;
    const stageChars = JSON.stringify(hostile).length;
    expect(stageChars).toBeLessThan(0.5 * 2 ** 20);

    const stages: Stage[] = [
      ...upstream.map(name => minimalDirectStage(name)),
      hostile,
    ];
    const details = buildProjectP({ stages }).map(b => b.detail);
    const prod = details.find(d => d.name === 'prod')!;
    expect(prod.error).toBeNull();
    // A Warehouse is a Kubernetes name: a longer origin names none.
    expect(prod.requestedFreight).toEqual([]);
    expect(buildPipelineGraph(details).edges.some(e => e.to === 'prod')).toBe(
      false,
    );

    // Given such origins anyway (a summary from elsewhere), the graph keys
    // each origin once and the upstream Stages apart: no joined key.
    const given = details.map(d =>
      d.name === 'prod'
        ? {
            ...d,
            requestedFreight: Array.from({ length: REQUESTS }, (_, i) => ({
              origin: `Warehouse/${String(i).padEnd(ORIGIN, 'x')}`,
              direct: false,
              stages: upstream,
              requiredSoakTime: null,
            })),
          }
        : d,
    );
    let graph: PipelineGraph<StageDetail> | undefined;
    const hashed = keyCharsHashed(() => {
      graph = buildPipelineGraph(given);
    });
    expect(hashed.chars).toBeLessThanOrEqual(
      3 * REQUESTS * UPSTREAM * 'u000'.length,
    );
    expect(hashed.chars).toBeLessThan(stageChars);
    // One edge per upstream Stage, whatever the origins (attack 18).
    expect(graph!.edges.filter(e => e.to === 'prod')).toHaveLength(UPSTREAM);
  });
});
