import { stagingRuns, stagingStage } from '../__testUtils__/checkout';
import { v07Runs, v07Stage, v08Run, v08Stage } from '../__testUtils__/legacy';
import { deriveVerificationHistory } from './deriveHistory';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('deriveVerificationHistory on aborts and older Kargo versions', () => {
  describe('verifications aborted by a user', () => {
    const aborted = (livePhase: string, runMessage?: string) => {
      const stage = clone(stagingStage);
      const vi = stage.status!.freightHistory![0].verificationHistory![0];
      vi.phase = 'Failed';
      vi.message = 'Verification aborted by user';
      const run = clone(stagingRuns[3]);
      run.status!.phase = livePhase;
      run.status!.message = runMessage;
      run.spec!.terminate = true;
      return deriveVerificationHistory({ stage, analysisRuns: [run] })[0];
    };

    it.each(['Failed', 'Successful', 'Running'])(
      'is not stale when the terminated run is %s, and says it was aborted',
      live => {
        const entry = aborted(live, 'Run Terminated');
        expect(entry).toMatchObject({
          phase: live,
          recordedPhase: 'Failed',
          stale: false,
          aborted: true,
        });
        expect(entry.message).toBe('Verification aborted by user');
      },
    );

    it('recognises the Aborted phase of Kargo <= 1.0', () => {
      const stage = clone(stagingStage);
      stage.status!.freightHistory![0].verificationHistory![0].phase =
        'Aborted';
      const [entry] = deriveVerificationHistory({
        stage,
        analysisRuns: stagingRuns,
      });
      expect(entry).toMatchObject({
        phase: 'Successful',
        recordedPhase: 'Aborted',
        stale: false,
        aborted: true,
      });
    });
  });

  describe('older status layouts', () => {
    it('reads Kargo v0.7 currentFreight/history and its freight-labelled runs', () => {
      const entries = deriveVerificationHistory({
        stage: v07Stage,
        analysisRuns: v07Runs,
      });
      expect(
        entries.map(e => [
          e.analysisRun?.name,
          e.phase,
          e.recordedPhase,
          e.stale,
          e.current,
        ]),
      ).toEqual([
        [v07Runs[1].metadata!.name, 'Successful', 'Running', true, true],
        [v07Runs[0].metadata!.name, 'Failed', 'Running', true, false],
      ]);
      expect(entries[0].freightCollectionId).toBeNull();
      expect(entries[0].freight?.name).toBe(
        v07Stage.status!.currentFreight!.name,
      );
    });

    it('reads Kargo v0.8 freightHistory without repeating currentFreight', () => {
      const entries = deriveVerificationHistory({
        stage: v08Stage,
        analysisRuns: [v08Run],
      });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        phase: 'Successful',
        recordedPhase: 'Running',
        stale: true,
        current: true,
      });
    });
  });
});
