import type { AnalysisRun, Stage } from '../types';
import { MAX_UPSTREAM_STAGES } from '../promotion/upstreamStages';
import { StageRoutes } from './stageRoutes';
import { stagesTouchedBy } from './touched';

// Issue 35, attack 12 (watch routing). Every watch event is routed synchronously as it arrives
// (WatchedInstance.route): the pacing bounds the rebuilds, not the routing.
// A run event touches the Stages the run belongs to, then, for EACH of
// them, reads the list of Stages downstream of it (stagesTouchedBy ->
// StageRoutes.downstreamOf, which also copies the bucket into a new array
// and maps it to names). Nothing bounds the sum: an unlabelled run that
// every Stage's status names has S owners, and each Stage may name
// MAX_UPSTREAM_STAGES (300) upstreams, so the owners' downstream lists hold
// up to 300 x S entries, read again for every event of that run (a
// one-line annotation write), although the answer can never exceed the S
// Stages of the project. A project member writes the Stages' specs and
// statuses once, then updates the run in a loop. Now the downstream names
// read per event are at most the project's Stages; past that, every Stage
// is touched (as a Freight event touches them).

const S = 2_000;

function hostileStage(i: number): Stage {
  return {
    metadata: { name: `s${i}`, namespace: 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: 'w' },
          // The same 300 upstream names in every Stage.
          sources: {
            stages: Array.from(
              { length: MAX_UPSTREAM_STAGES },
              (_, u) => `s${u}`,
            ),
          },
        },
      ],
    },
    status: {
      freightHistory: [
        {
          id: `c${i}`,
          items: {},
          // Every status names the same unlabelled run.
          verificationHistory: [
            { id: `v${i}`, analysisRun: { name: 'shared', namespace: 'p' } },
          ],
        },
      ],
    },
  } as unknown as Stage;
}

const shared = (n: number) =>
  ({
    metadata: {
      name: 'shared',
      namespace: 'p',
      annotations: { n: `${n}` },
    },
  } as unknown as AnalysisRun);

describe('routing a watch event to the Stages downstream of its owners (issue 35, attack 12)', () => {
  it('one update of a run that 2,000 Stage statuses name reads at most 2,001 downstream entries (it read 300 x Stages), to touch 2,000 Stages', () => {
    const stages = Array.from({ length: S }, (_, i) => hostileStage(i));
    const routes = new StageRoutes();
    // The watch's index, built once (as the first event of the project does).
    stagesTouchedBy(
      { kind: 'analysisruns', object: shared(0) },
      stages,
      routes,
    );

    let read = 0;
    const original = StageRoutes.prototype.downstreamOf;
    const spy = jest
      .spyOn(StageRoutes.prototype, 'downstreamOf')
      .mockImplementation(function* count(this: StageRoutes, name: string) {
        for (const downstream of original.call(this, name)) {
          read++;
          yield downstream;
        }
      });
    try {
      // Ten updates of the run (ten small writes): nothing about the Stages
      // changed, the index is current.
      for (let n = 1; n <= 10; n++) {
        const touched = stagesTouchedBy(
          { kind: 'analysisruns', object: shared(n), previous: shared(n - 1) },
          stages,
          routes,
        );
        // Every Stage: all owners already.
        expect(touched.size).toBe(S);
      }
      // Each event reads one past its budget (the project's Stages), then
      // touches every Stage: 6 million entries for ten writes before.
      expect(read).toBe(10 * (S + 1));
      expect(spy.mock.calls.length).toBeLessThanOrEqual(10 * 7);
    } finally {
      spy.mockRestore();
    }
  });
});
