import { devRun, stagingRuns, stagingStage } from '../__fixtures__/checkout';
import { v07Runs, v07Stage, v08Run, v08Stage } from '../__fixtures__/legacy';
import type { AnalysisRun, Stage } from '../types';
import { analysisRunsOfStage } from './analysisRuns';
import { candidateRunsOfStage, indexAnalysisRunsByStage } from './runIndex';

const names = (runs: AnalysisRun[]) => runs.map(r => r.metadata?.name);

describe('indexAnalysisRunsByStage / candidateRunsOfStage', () => {
  const all: AnalysisRun[] = [
    devRun,
    ...stagingRuns,
    ...v07Runs,
    v08Run,
    stagingRuns[0], // a repeat
    { metadata: {} } as AnalysisRun, // no name
  ];
  const stages: Stage[] = [stagingStage, v07Stage, v08Stage];

  it.each(stages.map(s => [s.metadata?.name, s] as const))(
    'gives %s the same runs, in the same order, as filtering the whole list',
    (_name, s) => {
      const index = indexAnalysisRunsByStage(all);
      const narrowed = analysisRunsOfStage(s, candidateRunsOfStage(index, s));
      expect(names(narrowed)).toEqual(names(analysisRunsOfStage(s, all)));
      expect(narrowed.length).toBeGreaterThan(0);
    },
  );

  it('leaves out the runs labelled for other Stages', () => {
    const index = indexAnalysisRunsByStage(all);
    expect(names(candidateRunsOfStage(index, stagingStage))).not.toContain(
      devRun.metadata?.name,
    );
  });

  it('has no candidates for a Stage without a name or an empty list', () => {
    expect(
      candidateRunsOfStage(indexAnalysisRunsByStage(all), {} as Stage),
    ).toEqual([]);
    expect(
      candidateRunsOfStage(indexAnalysisRunsByStage(undefined), stagingStage),
    ).toEqual([]);
  });
});
