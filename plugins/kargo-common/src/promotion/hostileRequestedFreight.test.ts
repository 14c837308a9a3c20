import { MAX_REQUESTED_FREIGHT } from '../stage/boundedStage';
import {
  buildProjectP,
  countingReads,
  freightSecondsApart,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import { JsonSizes } from '../util/jsonSize';
import type { ProjectVerdict } from '../stage/budgetVerdicts';
import { ProjectIndexes } from '../stage/projectIndexes';

// Issue 35, attack 15. A Stage's `spec.requestedFreight` is a project
// member's list (Kargo's webhook refuses a repeated origin, not a long list
// of distinct ones). Each Freight option's availability
// (isFreightAvailableToStage) finds the option's request by scanning the
// list from the start, building an origin key per entry: a request for the
// real Warehouse placed after 22,000 others (a 1.3 MB Stage) is found after
// 22,000 entries for each of the 20 options, on every build of the Stage (a
// Freight event rebuilds every Stage of the project). The whole list is also
// served in the Stage's detail and summary (freightRequestsOf).

const REQUESTS = 22_000;
const OPTIONS = 20;

describe("a Stage's spec.requestedFreight a project member writes (attack 15)", () => {
  it('reads the first 100 of 22,000 requested origins once per Stage object, and serves those (it scanned all once per option on every build)', () => {
    const stage = minimalDirectStage('s');
    const spec = stage.spec as unknown as { requestedFreight: unknown[] };
    const requests = countingReads([
      ...Array.from({ length: REQUESTS }, (_, i) => ({
        origin: { kind: 'Warehouse', name: `x${i.toString(36)}` },
        sources: {},
      })),
      ...spec.requestedFreight,
    ]);
    spec.requestedFreight = requests.list;
    expect(JSON.stringify(stage).length).toBeLessThan(1.5 * 2 ** 20);
    const kept = {
      indexes: new ProjectIndexes(),
      sizes: new JsonSizes(),
      projectVerdict: {} as ProjectVerdict,
    };
    const lists = {
      stages: [stage],
      freight: freightSecondsApart(OPTIONS),
      ...kept,
    };

    const [first] = buildProjectP(lists);
    expect(first.detail.error).toBeNull();
    // The first MAX_REQUESTED_FREIGHT requests: the real one, last, is past
    // them (a Stage of this member's own making shows what Kargo ignores).
    expect(first.detail.requestedFreight).toHaveLength(MAX_REQUESTED_FREIGHT);
    expect(first.detail.freightOptions).toEqual([]);

    // A Freight event: the same Stage object built again: its cut is kept.
    requests.reset();
    buildProjectP(lists);
    expect(requests.reads()).toBe(0);
  });
});
