import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import type { Stage } from '../types';
import { MAX_ARGOCD_APPS, stageArgoCdApps } from './argoCdApps';
import { toStageSummary } from './detail';

// Issue 35, attack 14. A Stage's `status.health.output` is opaque JSON in
// Kargo's CRD (x-kubernetes-preserve-unknown-fields, akuity/kargo v1.11.2
// kargo.akuity.io_stages.yaml): a project member who writes stages/status
// writes as many `applicationStatuses` as etcd keeps in one object (1.5 MiB).
// boundedStage (attack 13) cuts the freight history and the holds, not
// the health output: stageArgoCdApps (detail.ts, every build of the Stage)
// reads every status and, for each distinct Application, scans the list
// again with `health.find` (N(N+1)/2 comparisons for N Applications), and
// serves every one in the detail AND the summary (/snapshot, the project
// list, entities), each with its Argo CD link: the summary is larger than
// the Stage. At 90,000 Applications (a 1.4 MB status) that is 4 billion
// comparisons per build of the Stage, and every Freight event of the
// project rebuilds it. Now each source is read to 1,000 entries, statuses
// are looked up in a map, and a Stage shows at most 100 Applications.

const N = 3_000;
const ARGOCD = 'https://argocd.example.com';

function stageWithHealthApps(count: number): Stage {
  return minimalDirectStage('s', {
    status: {
      health: {
        status: 'Healthy',
        output: [
          {
            applicationStatuses: Array.from({ length: count }, (_, i) => ({
              Name: i.toString(36),
            })),
          },
        ],
      },
    },
  });
}

/** Calls of every `Array.prototype.find` predicate while `fn` runs. */
function findPredicateCalls(fn: () => void): number {
  // eslint-disable-next-line no-extend-native
  const realFind = Array.prototype.find;
  let calls = 0;
  // eslint-disable-next-line no-extend-native
  Array.prototype.find = function find(
    this: unknown[],
    predicate: (value: unknown, index: number, list: unknown[]) => unknown,
    thisArg?: unknown,
  ) {
    return realFind.call(
      this,
      (value: unknown, index: number, list: unknown[]) => {
        calls++;
        return predicate.call(thisArg, value, index, list);
      },
    );
  } as unknown as typeof realFind;
  try {
    fn();
  } finally {
    // eslint-disable-next-line no-extend-native
    Array.prototype.find = realFind;
  }
  return calls;
}

describe("a Stage's health output a project member writes (attack 14)", () => {
  it('scans no health list per Application of 3,000 in the output, and shows 100 (it compared N(N+1)/2: 4.5 million)', () => {
    const stage = stageWithHealthApps(N);
    let apps: ReturnType<typeof stageArgoCdApps> = [];
    const calls = findPredicateCalls(() => {
      apps = stageArgoCdApps(stage, ARGOCD);
    });
    expect(apps).toHaveLength(MAX_ARGOCD_APPS);
    expect(calls).toBe(0);
  });

  it("serves 100 Applications of the output in the Stage's summary, which stays smaller than the Stage (it was 8 times the Stage)", () => {
    const stage = stageWithHealthApps(N);
    const stageChars = JSON.stringify(stage).length;
    const [built] = buildProjectP({ stages: [stage], argocdUrl: ARGOCD });
    const summary = toStageSummary(built.detail);
    expect(summary.argoCdApps).toHaveLength(MAX_ARGOCD_APPS);
    const last = MAX_ARGOCD_APPS - 1;
    expect(summary.argoCdApps![last]).toEqual({
      name: last.toString(36),
      namespace: 'argocd',
      health: null,
      sync: null,
      url: `${ARGOCD}/applications/argocd/${last.toString(36)}`,
    });
    const summaryChars = JSON.stringify(summary).length;
    process.stdout.write(
      `Stage ${stageChars} chars, summary ${summaryChars} chars\n`,
    );
    expect(summaryChars).toBeLessThan(stageChars);
  });
});
