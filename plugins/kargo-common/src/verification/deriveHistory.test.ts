import { at, collectionId, uuid } from '../__testUtils__/builders';
import {
  checkoutFreight,
  devRun,
  stagingRuns,
  stagingStage,
} from '../__testUtils__/checkout';
import {
  paymentsFreight,
  perfRuns,
  perfStage,
  qaRun,
  qaStage,
  uatStage,
} from '../__testUtils__/payments';
import type { AnalysisRun, Stage } from '../types';
import { deriveVerificationHistory } from './deriveHistory';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('deriveVerificationHistory', () => {
  describe('the stale demo Stage (checkout/staging)', () => {
    const entries = deriveVerificationHistory({
      stage: stagingStage,
      analysisRuns: [...stagingRuns, devRun],
      freight: checkoutFreight,
    });

    it('lists one entry per run of the Stage, newest first, without other Stages runs', () => {
      expect(entries.map(e => e.analysisRun?.name)).toEqual(
        [...stagingRuns].reverse().map(r => r.metadata!.name),
      );
    });

    it('shows the live Failed phase of the three superseded runs, marked stale', () => {
      expect(
        entries
          .slice(1)
          .map(e => [e.phase, e.recordedPhase, e.stale, e.current]),
      ).toEqual([
        ['Failed', 'Running', true, false],
        ['Failed', 'Pending', true, false],
        ['Failed', 'Running', true, false],
      ]);
    });

    it('keeps the recorded fields and joins the Freight alias', () => {
      expect(entries[0]).toEqual({
        id: uuid(4),
        analysisRun: {
          name: stagingRuns[3].metadata!.name,
          namespace: 'checkout',
        },
        freightCollectionId: collectionId(checkoutFreight[3].metadata!.name!),
        freight: {
          name: checkoutFreight[3].metadata!.name,
          alias: 'wobbly-owl',
        },
        phase: 'Successful',
        recordedPhase: 'Successful',
        stale: false,
        startTime: at(40),
        finishTime: at(44),
        message: null,
        actor: 'admin',
        metrics: [
          {
            name: 'smoke-test',
            phase: 'Successful',
            message: null,
            failedMeasurements: [],
          },
        ],
        current: true,
      });
    });

    it('takes the finish time and message of a stale entry from its run', () => {
      expect(entries[1].finishTime).toBe(at(34));
      expect(entries[1].message).toMatch(/assessed Failed/);
    });
  });

  it('shows failed measurements with their messages (payments/qa)', () => {
    const [entry] = deriveVerificationHistory({
      stage: qaStage,
      analysisRuns: [qaRun],
      freight: paymentsFreight,
    });
    expect(entry.phase).toBe('Failed');
    expect(entry.stale).toBe(false);
    expect(entry.metrics[0].failedMeasurements.map(m => m.message)).toEqual([
      'error rate 9% > 5%',
      'error rate 12% > 5%',
      'error rate 15% > 5%',
    ]);
    expect(entry.metrics[1]).toEqual({
      name: 'latency',
      phase: 'Successful',
      message: null,
      failedMeasurements: [],
    });
  });

  it('lists implicit verifications of a Stage without verification (payments/uat)', () => {
    const entries = deriveVerificationHistory({
      stage: uatStage,
      analysisRuns: [],
      freight: paymentsFreight,
    });
    expect(
      entries.map(e => [
        e.id,
        e.analysisRun,
        e.phase,
        e.recordedPhase,
        e.stale,
        e.current,
        e.freight?.alias,
      ]),
    ).toEqual([
      [uuid(21), null, 'Successful', 'Successful', false, true, 'rapid-elk'],
      [null, null, 'Successful', 'Successful', false, false, 'quiet-fox'],
    ]);
  });

  it('lists every run past the 10-entry cap (payments/perf)', () => {
    const entries = deriveVerificationHistory({
      stage: perfStage,
      analysisRuns: perfRuns,
      freight: paymentsFreight,
    });
    expect(entries).toHaveLength(14);
    expect(entries.map(e => e.analysisRun!.name)).toEqual(
      [...perfRuns].reverse().map(r => r.metadata!.name),
    );
    const unrecorded = entries.slice(10);
    expect(
      unrecorded.every(
        e => e.id === null && e.recordedPhase === null && !e.stale,
      ),
    ).toBe(true);
    // The collection is still current, so its uncapped runs are current too.
    expect(
      unrecorded.every(e => e.current && e.freight?.alias === 'quiet-fox'),
    ).toBe(true);
    // Runs 3..0 (every third one failed).
    expect(unrecorded.map(e => e.phase)).toEqual([
      'Failed',
      'Successful',
      'Successful',
      'Failed',
    ]);
  });

  it('keeps a recorded Error verification that has no run', () => {
    const stage = clone(qaStage);
    stage.status!.freightHistory![0].verificationHistory!.unshift({
      id: uuid(99),
      startTime: at(130),
      phase: 'Error',
      message:
        'error creating AnalysisRun: analysistemplates "smoke" not found',
    });
    const entries = deriveVerificationHistory({ stage, analysisRuns: [qaRun] });
    expect(entries[0]).toMatchObject({
      id: uuid(99),
      analysisRun: null,
      phase: 'Error',
      recordedPhase: 'Error',
      stale: false,
      current: true,
    });
    expect(entries[0].message).toMatch(/not found/);
    expect(entries).toHaveLength(2);
  });

  it('uses the recorded phase for a recorded run that is gone', () => {
    const entries = deriveVerificationHistory({
      stage: stagingStage,
      analysisRuns: [],
    });
    expect(entries).toHaveLength(4);
    expect(entries.map(e => e.phase)).toEqual([
      'Successful',
      'Running',
      'Pending',
      'Running',
    ]);
    expect(entries.some(e => e.stale)).toBe(false);
  });

  it('shows runs Kargo never recorded, with Freight from labels and owner references', () => {
    const stage = clone(stagingStage);
    stage.status!.freightHistory = stage.status!.freightHistory!.slice(0, 1);
    const entries = deriveVerificationHistory({
      stage,
      analysisRuns: stagingRuns,
      freight: checkoutFreight,
    });
    expect(
      entries.map(e => [e.id === null, e.freight?.alias, e.current]),
    ).toEqual([
      [false, 'wobbly-owl', true],
      [true, 'calm-cat', false],
      [true, 'brave-bee', false],
      [true, 'early-ant', false],
    ]);
  });

  it('finds the Freight of a run without owner references by its collection id', () => {
    const run: AnalysisRun = clone(stagingRuns[0]);
    delete run.metadata!.ownerReferences;
    const stage = clone(stagingStage);
    stage.status!.freightHistory = [];
    const [entry] = deriveVerificationHistory({
      stage,
      analysisRuns: [run],
      freight: checkoutFreight,
    });
    expect(entry.freight).toEqual({
      name: checkoutFreight[0].metadata!.name,
      alias: 'early-ant',
    });
  });

  it('reports an empty run phase as Pending', () => {
    const run = clone(stagingRuns[3]);
    run.status!.phase = '';
    const entries = deriveVerificationHistory({
      stage: stagingStage,
      analysisRuns: [run],
    });
    expect(entries[0]).toMatchObject({
      phase: 'Pending',
      recordedPhase: 'Successful',
      stale: true,
    });
  });

  it('keeps one entry when two records name the same run, the newest winning', () => {
    const stage = clone(stagingStage);
    const reused = clone(
      stage.status!.freightHistory![3].verificationHistory![0],
    );
    reused.id = uuid(50);
    reused.startTime = at(50);
    stage.status!.freightHistory![0].verificationHistory!.unshift(reused);
    const entries = deriveVerificationHistory({
      stage,
      analysisRuns: stagingRuns,
    });
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({
      id: uuid(50),
      current: true,
      phase: 'Failed',
      recordedPhase: 'Running',
    });
  });

  it.each<[string, Stage]>([
    ['no status', { metadata: { name: 'x', namespace: 'p' } }],
    [
      'an empty status',
      { metadata: { name: 'x', namespace: 'p' }, status: {} },
    ],
    [
      'junk in the status',
      {
        metadata: { name: 'x', namespace: 'p' },
        status: {
          freightHistory: [null, 3, { verificationHistory: [null, {}] }],
        } as any,
      },
    ],
    ['no metadata', {} as Stage],
  ])('never throws on %s', (_, stage) => {
    expect(() =>
      deriveVerificationHistory({ stage, analysisRuns: stagingRuns }),
    ).not.toThrow();
  });

  it('sorts entries without a start time last, ties by run name descending', () => {
    const a = clone(stagingRuns[0]);
    const b = clone(stagingRuns[1]);
    const c = clone(stagingRuns[2]);
    for (const r of [a, b]) r.status!.startedAt = at(5);
    delete c.status!.startedAt;
    delete c.metadata!.creationTimestamp;
    const stage = clone(stagingStage);
    stage.status!.freightHistory = [];
    const entries = deriveVerificationHistory({
      stage,
      analysisRuns: [c, a, b],
    });
    expect(entries.map(e => e.analysisRun!.name)).toEqual(
      [b, a, c].map(r => r.metadata!.name),
    );
  });
});
