import type { AnalysisRun, Stage } from '../types';
import { StageRoutes } from './stageRoutes';
import { stagesTouchedBy } from './touched';

// Issue 35, attack 11.
//
// In watch mode every event is routed synchronously, as it arrives
// (WatchedInstance.route, no batching: the 20 ms batch only delays the
// rebuild), by stagesTouchedBy. For an AnalysisRun without the
// `kargo.akuity.io/stage` label, the Stages whose statuses name the run
// are its own. Each Stage's whole status was parsed for each event, before
// and after the change (4,000 status parses and 800,000 verification id
// reads an event for 2,000 Stages, ~140 ms), whatever the budgets said. A
// project member creates or updates such a run with one small write. Now
// the watch keeps an index per project (StageRoutes) of the run names each
// Stage's status records, updated per Stage object: an event reads the
// statuses of the Stages changed since the last one, no other.

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

const unlabelled = (phase: string) =>
  ({
    metadata: { name: 'nobody', namespace: 'p', labels: {} },
    status: { phase },
  } as unknown as AnalysisRun);

/** One update of the unlabelled run 'nobody', routed as the watch does. */
const route = (stages: Stage[], routes?: StageRoutes) =>
  stagesTouchedBy(
    {
      kind: 'analysisruns',
      object: unlabelled('Running'),
      previous: unlabelled('Pending'),
    },
    stages,
    routes,
  );

describe('routing a watch event of an unlabelled AnalysisRun (issue 35, attack 11)', () => {
  it("reads each of 2,000 Stage statuses (200,000 recorded verifications) once into the project's index, then only a changed Stage's", () => {
    const S = 2_000;
    const stages = Array.from({ length: S }, (_, i) => stageOf(i));
    const routes = new StageRoutes();
    reads.status = 0;
    reads.verifications = 0;
    // The first event indexes every Stage: each status once, not twice.
    expect(route(stages, routes).size).toBe(0);
    expect(reads.status).toBe(S);
    expect(reads.verifications).toBeLessThanOrEqual(2 * S * 100);

    // The next events, over the same objects (a watch's): no status read.
    reads.status = 0;
    reads.verifications = 0;
    for (let event = 0; event < 10; event++) {
      expect(route([...stages], routes).size).toBe(0);
    }
    expect(reads.status).toBe(0);
    expect(reads.verifications).toBe(0);

    // A Stage changes (a new object) and now names the run: its status is
    // the only one read, and the run is routed to it.
    const changed = stageOf(7);
    const history = (
      changed.status as unknown as {
        freightHistory: Array<{ verificationHistory: object[] }>;
      }
    ).freightHistory[0].verificationHistory;
    history.unshift({
      id: 'x',
      phase: 'Running',
      analysisRun: { name: 'nobody', namespace: 'p' },
    });
    const now = stages.map((s, i) => (i === 7 ? changed : s));
    reads.status = 0;
    reads.verifications = 0;
    expect([...route(now, routes)]).toEqual(['s7']);
    expect(reads.status).toBe(1);
    expect(reads.verifications).toBeLessThanOrEqual(2 * 100);

    // Unproxied (printed, not asserted): the same Stages as plain objects.
    const plain = now.map(s => JSON.parse(JSON.stringify(s)) as Stage);
    const kept = new StageRoutes();
    route(plain, kept);
    const at = Date.now();
    for (let event = 0; event < 10; event++) route(plain, kept);
    // eslint-disable-next-line no-console
    console.log(
      `plain objects, kept index: ${
        (Date.now() - at) / 10
      } ms of the event loop per event`,
    );
  });
});
