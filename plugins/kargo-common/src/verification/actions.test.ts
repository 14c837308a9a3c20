import { at, uuid } from '../__testUtils__/builders';
import { stagingRuns, stagingStage } from '../__testUtils__/checkout';
import {
  qaRun,
  qaStage,
  testRun,
  testStage,
  uatStage,
} from '../__testUtils__/payments';
import type { AnalysisRun, Stage } from '../types';
import { deriveStageActions } from './actions';
import { deriveVerificationHistory } from './deriveHistory';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

function actionsOf(stage: Stage, runs: AnalysisRun[]) {
  return deriveStageActions(
    stage,
    deriveVerificationHistory({ stage, analysisRuns: runs }),
  );
}

describe('deriveStageActions', () => {
  it('allows reverify on the stale demo Stage: stale old entries never block it', () => {
    expect(actionsOf(stagingStage, stagingRuns)).toEqual({
      reverify: { allowed: true, reason: null },
      abort: {
        allowed: false,
        reason:
          'The current verification already finished (Successful); there is nothing to abort',
        code: 'alreadyFinished',
        params: { phase: 'Successful' },
      },
    });
  });

  it('refuses reverify and abort while a Promotion runs, because Kargo would drop them', () => {
    const stage = clone(stagingStage);
    stage.status!.currentPromotion = { name: 'staging.01jdemo.8a7861b' };
    const reason =
      'Kargo does not verify while Promotion staging.01jdemo.8a7861b is running; wait for it to finish';
    const because = {
      code: 'promotionRunning',
      params: { promotion: 'staging.01jdemo.8a7861b' },
    };
    expect(actionsOf(stage, stagingRuns)).toEqual({
      reverify: { allowed: false, reason, ...because },
      abort: { allowed: false, reason, ...because },
    });
  });

  it('allows reverify when the current record is stale Running but its run is Failed', () => {
    const stage = clone(stagingStage);
    stage.status!.freightHistory![0].verificationHistory![0].phase = 'Running';
    const runs = clone(stagingRuns);
    runs[3].status!.phase = 'Failed';
    const actions = actionsOf(stage, runs);
    expect(actions.reverify.allowed).toBe(true);
    expect(actions.abort.allowed).toBe(false);
  });

  it('allows abort, not reverify, while the current run is really running', () => {
    expect(actionsOf(testStage, [testRun])).toEqual({
      reverify: {
        allowed: false,
        reason:
          'Verification is still running (started 10:42 UTC); abort it or wait for it to finish',
        code: 'verificationRunning',
        params: { startTime: at(102) },
      },
      abort: { allowed: true, reason: null },
    });
  });

  it('says pending for a run Argo Rollouts has not picked up', () => {
    const run = clone(testRun);
    run.status!.phase = '';
    expect(actionsOf(testStage, [run]).reverify).toEqual({
      allowed: false,
      reason:
        'Verification is still pending (started 10:42 UTC); abort it or wait for it to finish',
      code: 'verificationPending',
      params: { startTime: at(102) },
    });
  });

  it('blocks reverify when the recorded phase is terminal but the live run still runs', () => {
    const run = clone(qaRun);
    run.status!.phase = 'Running';
    const actions = actionsOf(qaStage, [run]);
    expect(actions.reverify.allowed).toBe(false);
    expect(actions.abort.allowed).toBe(true);
  });

  it('falls back to the record when no derived entry matches', () => {
    expect(deriveStageActions(testStage, []).abort.allowed).toBe(true);
    expect(deriveStageActions(qaStage, []).reverify.allowed).toBe(true);
  });

  it('explains a Stage without verification', () => {
    const none = {
      allowed: false,
      reason: 'This Stage has no verification configured',
      code: 'noVerification',
      params: {},
    };
    expect(actionsOf(uatStage, [])).toEqual({ reverify: none, abort: none });
  });

  it('explains a Stage nothing was promoted to', () => {
    const stage = clone(qaStage);
    stage.status!.freightHistory = [];
    const noFreight = {
      allowed: false,
      reason: 'No Freight has been promoted to this Stage yet',
      code: 'noFreight',
      params: {},
    };
    expect(actionsOf(stage, [])).toEqual({
      reverify: noFreight,
      abort: noFreight,
    });
    delete stage.spec!.verification;
    expect(actionsOf(stage, []).reverify.reason).toBe(
      'This Stage has no verification configured',
    );
  });

  it('explains current Freight that was not verified yet', () => {
    const stage = clone(qaStage);
    stage.status!.freightHistory![0].verificationHistory = [];
    const actions = actionsOf(stage, []);
    expect(actions.reverify.reason).toBe(
      'The current Freight has not been verified yet',
    );
    expect(actions.abort.reason).toBe(
      'The current Freight has not been verified yet',
    );
  });

  it('refuses an implicit verification without id', () => {
    const stage = clone(qaStage);
    stage.status!.freightHistory![0].verificationHistory![0].id = '';
    expect(actionsOf(stage, [qaRun]).reverify.reason).toMatch(/without an id/);
    const running = clone(testStage);
    running.status!.freightHistory![0].verificationHistory![0].id = '';
    const actions = actionsOf(running, [testRun]);
    expect(actions.abort).toEqual({
      allowed: false,
      reason: expect.stringMatching(/without an id/),
      code: 'implicitVerification',
      params: {},
    });
  });

  it('treats a verification aborted by a user as finished, whatever its run does', () => {
    const stage = clone(testStage);
    const vi = stage.status!.freightHistory![0].verificationHistory![0];
    vi.phase = 'Failed';
    vi.message = 'Verification aborted by user';
    const actions = actionsOf(stage, [testRun]); // run still Running
    expect(actions.reverify).toEqual({ allowed: true, reason: null });
    expect(actions.abort).toEqual({
      allowed: false,
      reason: 'The current verification was already aborted',
      code: 'alreadyAborted',
      params: {},
    });
  });

  it('says so when it does not know the start time', () => {
    const stage = clone(testStage);
    delete stage.status!.freightHistory![0].verificationHistory![0].startTime;
    const run = clone(testRun);
    delete run.status!.startedAt;
    delete run.metadata!.creationTimestamp;
    expect(actionsOf(stage, [run]).reverify.reason).toBe(
      'Verification is still running (started unknown); abort it or wait for it to finish',
    );
  });

  it('tolerates a missing list of verifications', () => {
    expect(deriveStageActions(qaStage, undefined as any).reverify.allowed).toBe(
      true,
    );
  });

  it('never throws on a Stage without status', () => {
    expect(deriveStageActions({} as Stage, []).reverify.allowed).toBe(false);
    expect(
      deriveStageActions(undefined as unknown as Stage, []).abort.allowed,
    ).toBe(false);
  });

  it('uses the id of the newest record of the current collection', () => {
    const entries = deriveVerificationHistory({
      stage: stagingStage,
      analysisRuns: stagingRuns,
    });
    expect(entries.find(e => e.current)?.id).toBe(uuid(4));
    expect(at(40)).toBe('2026-11-30T09:40:00Z');
  });
});
