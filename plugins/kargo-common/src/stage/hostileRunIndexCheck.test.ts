import {
  buildProjectP,
  countingReads,
  labelledRun,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import type { AnalysisRun } from '../types';
import { ProjectIndexes } from './projectIndexes';

// Issue 35, attack 13. Attack 11 moved the project's run index into
// ProjectIndexes (kept by a watch while its list holds the same objects).
// But buildProjectStages asks for it in candidatesOf, once per call, and
// ProjectIndexes.analysisRuns checks that its list still holds the same
// objects (sameObjects: every entry compared, even when it is the very same
// array) on every ask: twice per Stage built (its budget, its runs) and
// twice per upstream history derived. Before, the index was a local of the
// build, built on first use and then read for nothing. A build of S Stages
// now reads the project's R runs about 4 x S times: Stages x runs, on every
// sync, poll, Freight event (every Stage is built) and, in a poll, on every
// build; a project member adds both at will (runs of one Stage of theirs,
// Stages of ~100 characters). Now a build asks for the index once, and
// the same array is the same list without reading it.

const STAGES = 200;
const RUNS = 5_000;

/** `RUNS` minimal runs, all of Stage `other` (none of the Stages built). */
const runsOfAnother = (): AnalysisRun[] =>
  Array.from({ length: RUNS }, (_, i) =>
    labelledRun('other', i, 'f', 'Successful'),
  );

describe('the project run index kept in ProjectIndexes (attack 13)', () => {
  it('reads the 5,000 runs of another Stage twice to build 200 Stages: measured once, indexed once (it read them 4 x 200 times)', () => {
    const stages = Array.from({ length: STAGES }, (_, i) =>
      minimalDirectStage(`s${i}`),
    );
    const runs = countingReads(runsOfAnother());

    const built = buildProjectP({ stages, analysisRuns: runs.list });
    expect(built).toHaveLength(STAGES);
    expect(built.every(b => b.detail.verifications.length === 0)).toBe(true);

    // Measuring the project reads each run once and indexing once (it was
    // 4 million: the list compared with itself at each of 2 x 200 asks).
    expect(runs.reads()).toBe(2 * RUNS);
  });

  it('reads nothing of the run list on an ask of a kept index with the very same array, and compares a new array of the same objects once', () => {
    const runs = countingReads(runsOfAnother());
    const indexes = new ProjectIndexes();
    const first = indexes.analysisRuns(runs.list);
    runs.reset();
    for (let i = 0; i < 10; i++)
      expect(indexes.analysisRuns(runs.list)).toBe(first);
    // The same array: nothing read (it compared every entry each time).
    expect(runs.reads()).toBe(0);
    // A new array of the same objects (the watch's): compared once, kept.
    expect(indexes.analysisRuns([...runs.list])).toBe(first);
  });
});
