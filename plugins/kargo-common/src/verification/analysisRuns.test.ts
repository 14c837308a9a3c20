import {
  analysisRun,
  at,
  collectionId,
  freightName,
  stage,
} from '../__fixtures__/builders';
import { devRun, stagingRuns, stagingStage } from '../__fixtures__/checkout';
import { v07Runs, v07Stage } from '../__fixtures__/legacy';
import { stageLabelValue } from '../stage/labels';
import { analysisRunsOfStage } from './analysisRuns';

const names = (runs: { metadata?: { name?: string } }[]) =>
  runs.map(r => r.metadata?.name);

describe('analysisRunsOfStage', () => {
  it('keeps the runs labelled for the Stage and drops other Stages runs', () => {
    const runs = analysisRunsOfStage(stagingStage, [...stagingRuns, devRun]);
    expect(names(runs)).toEqual(names(stagingRuns));
  });

  it('drops runs of a same-named Stage in another namespace', () => {
    const other = {
      ...stagingRuns[0],
      metadata: { ...stagingRuns[0].metadata, namespace: 'payments' },
    };
    expect(analysisRunsOfStage(stagingStage, [other])).toEqual([]);
  });

  it('lists a run once even when the input repeats it', () => {
    expect(
      analysisRunsOfStage(stagingStage, [stagingRuns[0], stagingRuns[0]]),
    ).toHaveLength(1);
  });

  it('matches the shortened label of a long Stage name and checks the full-name annotation', () => {
    const long =
      'checkout-very-long-stage-name-for-the-eu-west-1-production-canary-cluster';
    const twin = `${long}-b`; // same label prefix, different hash
    const s = stage({ project: 'checkout', name: long, warehouse: 'w' });
    const base = {
      project: 'checkout',
      stage: long,
      n: 1,
      collection: collectionId(freightName('x')),
      freightNames: [],
      stageLabel: stageLabelValue(long),
      startedAt: at(1),
    };
    const mine = analysisRun({ ...base, stageAnnotation: long });
    const unannotated = analysisRun({ ...base, n: 2 });
    // A (hypothetical) hash collision: same label, annotation names another Stage.
    const collision = analysisRun({ ...base, n: 3, stageAnnotation: twin });
    const fullLabel = analysisRun({
      ...base,
      n: 4,
      stageLabel: long.slice(0, 63),
    });
    expect(
      names(analysisRunsOfStage(s, [mine, unannotated, collision, fullLabel])),
    ).toEqual(names([mine, unannotated]));
  });

  it('keeps v0.7 runs without a stage label when the status names them, and no others', () => {
    expect(names(analysisRunsOfStage(v07Stage, v07Runs))).toEqual(
      names(v07Runs.slice(0, 2)),
    );
  });

  it('never counts a run labelled for another Stage, even if the status names it', () => {
    const stolen = {
      ...stagingRuns[3],
      metadata: {
        ...stagingRuns[3].metadata,
        labels: { 'kargo.akuity.io/stage': 'dev' },
      },
    };
    expect(analysisRunsOfStage(stagingStage, [stolen])).toEqual([]);
  });

  it('tolerates junk input', () => {
    expect(
      analysisRunsOfStage(stagingStage, [{}, { metadata: {} }] as any),
    ).toEqual([]);
    expect(analysisRunsOfStage({} as any, stagingRuns)).toEqual([]);
    expect(analysisRunsOfStage(stagingStage, undefined as any)).toEqual([]);
  });
});
