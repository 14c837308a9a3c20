import { stage } from '../__testUtils__/builders';
import {
  buildProjectP,
  countingReads,
  freightSecondsApart,
  labelledRun,
  PROJECT_P_NOW,
  stageDownstreamOf,
  stageHolding,
} from '../__testUtils__/projectBuild';
import type { Stage } from '../types';
import { freightOptionsOf } from './options';
import { MAX_FREIGHT_PER_ORIGIN } from './projectFreight';

// Attack 9 on issue 35 (findings 1 and 5): a project member's many small
// Stages, Freight and AnalysisRuns, each far within the object budgets, made
// every Stage walk the project's whole Freight list and its upstream's whole
// history. Counted here; times are measured by a throwaway script and
// reported, never asserted.

const mockCounts = { indexed: 0, scanned: 0 };
jest.mock('../verification/freightOfRun', () => {
  const actual = jest.requireActual('../verification/freightOfRun');
  return {
    ...actual,
    indexFreight: (list: unknown[] | undefined) => {
      mockCounts.indexed += Array.isArray(list) ? list.length : 0;
      return actual.indexFreight(list);
    },
  };
});
jest.mock('../verification/reverifiedFailed', () => {
  const actual = jest.requireActual('../verification/reverifiedFailed');
  return {
    ...actual,
    entriesByFreight: (verifications: unknown[]) => {
      mockCounts.scanned += verifications.length;
      return actual.entriesByFreight(verifications);
    },
    reverificationWarningOf: (stageName: string, entries: unknown[]) => {
      mockCounts.scanned += entries.length;
      return actual.reverificationWarningOf(stageName, entries);
    },
  };
});

describe("attack 9: a project's Freight and upstream histories are indexed once per rebuild", () => {
  beforeEach(() => {
    mockCounts.indexed = 0;
    mockCounts.scanned = 0;
  });

  it("indexes a project's Freight once per rebuild however many Stages request it: Freight read about 3 x F, not Stages x F", () => {
    const N = 100;
    const F = 1_000;
    const all = freightSecondsApart(F);
    // s0 holds the oldest Freight, far past the newest its options consider.
    const stages = Array.from({ length: N }, (_, i) =>
      i === 0
        ? stageHolding('s0', all[0])
        : stage({ project: 'p', name: `s${i}`, warehouse: 'w' }),
    );
    const { list, reads } = countingReads(all);
    const built = buildProjectP({ stages, freight: list });
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    const newest = all
      .slice(-20)
      .reverse()
      .map(f => f.metadata!.name);
    for (const { detail } of built) {
      expect(detail.freightOptions!.map(o => o.name)).toEqual(newest);
    }
    // Found by name among all of the project's Freight, however old.
    expect(built[0].detail.currentFreight?.alias).toBe('a0');
    // One index of the project's Freight for all of its Stages (before:
    // each Stage indexed them at least twice, 200,000 entries here), and
    // the list read about three times (the budget's measure, the index and
    // the newest per origin); before, each Stage read it four times and
    // sorted it. Measured (throwaway script): 1,000 Stages x 10,000 Freight
    // 40 s per rebuild before, under a second now.
    expect(mockCounts.indexed).toBe(F);
    expect(reads()).toBeLessThanOrEqual(3 * F);
    // However many a caller asks for, an origin offers its newest 100.
    expect(
      freightOptionsOf(stages[1], all, Date.parse(PROJECT_P_NOW), F),
    ).toHaveLength(MAX_FREIGHT_PER_ORIGIN);
  });

  it("looks up an upstream Stage's history by Freight for each option of each downstream Stage: entries scanned about 2 x its runs, not downstream Stages x options x runs", () => {
    const D = 50;
    const R = 2_000;
    const freightList = freightSecondsApart(20);
    const up = stage({ project: 'p', name: 'up', warehouse: 'w' });
    const downs: Stage[] = Array.from({ length: D }, (_, i) =>
      stageDownstreamOf(`d${i}`, ['up']),
    );
    // Each Freight verified in `up`, then re-verified there with a failure
    // by its newest run: Kargo still offers it downstream (akuity/kargo#5144).
    const runs = Array.from({ length: R }, (_, i) =>
      labelledRun(
        'up',
        i,
        freightList[i % 20].metadata!.name!,
        i >= R - 20 ? 'Failed' : 'Successful',
      ),
    );
    const built = buildProjectP({
      stages: [up, ...downs],
      analysisRuns: runs,
      freight: freightList,
    });
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    for (const { detail } of built.slice(1)) {
      expect(detail.freightOptions).toHaveLength(20);
      expect(
        detail.freightOptions!.every(
          o => o.reverifiedFailed?.[0]?.stage === 'up',
        ),
      ).toBe(true);
    }
    // Each entry of the upstream's history read once to index it by
    // Freight, once to decide its Freight's warning: 4,000 here, where
    // D x 20 options x R entries (2,000,000) were scanned before.
    // Measured: 200 downstream Stages of one upstream with 50,000 runs
    // 18 s per rebuild before.
    expect(mockCounts.scanned).toBeLessThanOrEqual(2 * R);
  });
});
