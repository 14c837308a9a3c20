import {
  analysisRun,
  at,
  collectionId,
  freightName,
  stage,
} from '../__testUtils__/builders';
import { devRun, stagingRuns, stagingStage } from '../__testUtils__/checkout';
import { v07Runs, v07Stage, v08Run, v08Stage } from '../__testUtils__/legacy';
import type { AnalysisRun, Stage } from '../types';
import {
  analysisRunsOfStage,
  candidateRunsOfStage,
  indexAnalysisRunsByStage,
  stageLabelValue,
} from './analysisRuns';

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

  it('finds the labelled runs of a Stage whose status cannot be read', () => {
    const broken = {
      ...stagingStage,
      get status(): Stage['status'] {
        throw new Error('garbled status');
      },
    } as Stage;
    // The label settles it; the status is read only for an unlabelled run.
    expect(names(analysisRunsOfStage(broken, stagingRuns))).toEqual(
      names(stagingRuns),
    );
    const unlabelled = {
      ...stagingRuns[0],
      metadata: { ...stagingRuns[0].metadata, labels: {} },
    };
    expect(() => analysisRunsOfStage(broken, [unlabelled])).toThrow(
      'garbled status',
    );
  });

  it('counts a run once when a malformed name repeats it in another type', () => {
    const named = (name: unknown) =>
      ({
        ...stagingRuns[0],
        metadata: { ...stagingRuns[0].metadata, name },
      } as AnalysisRun);
    expect(analysisRunsOfStage(stagingStage, [named(7), named('7')])).toEqual([
      named(7),
    ]);
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

describe('stageLabelValue', () => {
  it.each([
    ['dev', 'dev'],
    ['a'.repeat(63), 'a'.repeat(63)],
    // Vectors computed with Python's hashlib, as Kargo's HashShorten does it.
    [
      'checkout-very-long-stage-name-for-the-eu-west-1-production-canary-cluster',
      'checkout-very-long-stage-name-for-the-eu-west-1-produc-4dffc70d',
    ],
    // The 54th character is a dash: trimmed so there is no double dash.
    [`${'a'.repeat(53)}-${'b'.repeat(20)}`, `${'a'.repeat(53)}-af3ec493`],
  ])('shortens %s as Kargo does', (name, expected) => {
    expect(stageLabelValue(name)).toBe(expected);
  });

  it('always yields a valid label value for long names', () => {
    const value = stageLabelValue('x'.repeat(200));
    expect(value).toHaveLength(63);
    expect(value).toMatch(/^x{54}-[0-9a-f]{8}$/);
  });
});
