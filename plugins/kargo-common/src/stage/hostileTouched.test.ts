import type { AnalysisRun, Stage } from '../types';
import { stagesTouchedBy } from './touched';

// Issue 35, attack 11: a demonstration asserting the CURRENT (bad) behaviour.
//
// In watch mode every event is routed synchronously, as it arrives
// (WatchedInstance.route, no batching: the 20 ms batch only delays the
// rebuild), by stagesTouchedBy. For an AnalysisRun without the
// `kargo.akuity.io/stage` label, stagesOfAnalysisRun asks every Stage of
// the project whether its status names the run: `referencedRunKeys` parses
// each Stage's whole status (collectionsOfStage, a key per recorded
// verification), before and after the change. A project member creates or
// updates such a run with one small write; the walk is over what every
// Stage of the project holds, and is done whatever the budgets say (a
// project over its budget is still routed).

const reads = { status: 0, verifications: 0 };

/** A Stage as Kargo keeps it: 10 collections of 10 verifications. */
function stageOf(i: number): Stage {
  const freightHistory = Array.from({ length: 10 }, (_, c) => ({
    id: `s${i}c${c}`,
    items: { 'Warehouse/w': { name: `f${c}` } },
    verificationHistory: Array.from({ length: 10 }, (__, v) => {
      const info = {
        id: `s${i}c${c}v${v}`,
        phase: 'Successful',
        analysisRun: { name: `s${i}.${c}.${v}`, namespace: 'p' },
      };
      return new Proxy(info, {
        get(target, key, receiver) {
          if (key === 'id') reads.verifications++;
          return Reflect.get(target, key, receiver);
        },
      });
    }),
  }));
  const status = { freightHistory };
  const stage = { metadata: { name: `s${i}`, namespace: 'p' }, spec: {} };
  Object.defineProperty(stage, 'status', {
    enumerable: true,
    get: () => {
      reads.status++;
      return status;
    },
  });
  return stage as unknown as Stage;
}

describe('routing a watch event of an unlabelled AnalysisRun (issue 35, attack 11)', () => {
  it('parses the status of each of 2,000 Stages (200,000 recorded verifications) to route one update of one unlabelled run', () => {
    const S = 2_000;
    const stages = Array.from({ length: S }, (_, i) => stageOf(i));
    const unlabelled = (phase: string) =>
      ({
        metadata: { name: 'nobody', namespace: 'p', labels: {} },
        status: { phase },
      } as unknown as AnalysisRun);
    reads.status = 0;
    reads.verifications = 0;
    const started = Date.now();
    const touched = stagesTouchedBy(
      {
        kind: 'analysisruns',
        object: unlabelled('Running'),
        previous: unlabelled('Pending'),
      },
      stages,
    );
    // eslint-disable-next-line no-console
    console.log(
      `one event: ${reads.status} Stage status reads, ` +
        `${reads.verifications} verification id reads, ${
          Date.now() - started
        } ms`,
    );
    expect(touched.size).toBe(0);
    // Both versions of the run, every Stage, every recorded verification.
    expect(reads.status).toBeGreaterThanOrEqual(2 * S);
    expect(reads.verifications).toBeGreaterThanOrEqual(2 * S * 100);

    // Unproxied (printed, not asserted): the same Stages as plain objects.
    const plain = stages.map(s => JSON.parse(JSON.stringify(s)) as Stage);
    const at = Date.now();
    for (let event = 0; event < 10; event++) {
      stagesTouchedBy(
        {
          kind: 'analysisruns',
          object: unlabelled('Running'),
          previous: unlabelled('Pending'),
        },
        plain,
      );
    }
    // eslint-disable-next-line no-console
    console.log(
      `plain objects: ${(Date.now() - at) / 10} ms of the event loop per event`,
    );
  });
});
