import type { StageSummary } from '../types';
import { describeStage } from './describe';

const summary = (over: Partial<StageSummary>): StageSummary => ({
  instance: 'production',
  project: 'checkout',
  name: 'staging',
  phase: 'Ready',
  health: 'Healthy',
  currentFreight: null,
  verificationPhase: 'None',
  verificationStale: false,
  verificationCounts: { total: 0, failed: 0, running: 0, successful: 0 },
  openPullRequests: 0,
  actions: {
    reverify: { allowed: false, reason: 'x' },
    abort: { allowed: false, reason: 'x' },
  },
  kargoUrl: null,
  error: null,
  ...over,
});
const counts = (
  total: number,
  failed: number,
  running: number,
  successful: number,
) => ({ total, failed, running, successful });

describe('describeStage', () => {
  it.each<[Partial<StageSummary>, string]>([
    [
      {
        verificationPhase: 'Failed',
        verificationCounts: counts(3, 3, 0, 0),
        openPullRequests: 1,
      },
      'Verification Failed: 3 of 3 runs failed; 1 open pull request',
    ],
    [{}, 'No verification; no open pull requests'],
    [
      {
        verificationPhase: 'Failed',
        verificationCounts: counts(1, 1, 0, 0),
        openPullRequests: 2,
      },
      'Verification Failed: 1 of 1 run failed; 2 open pull requests',
    ],
    [
      { verificationPhase: 'Running', verificationCounts: counts(2, 0, 1, 1) },
      'Verification Running (2 runs in history); no open pull requests',
    ],
    [
      {
        verificationPhase: 'Successful',
        verificationCounts: counts(5, 0, 0, 5),
      },
      'Verification Successful (5 runs in history); no open pull requests',
    ],
    [
      {
        verificationPhase: 'Successful',
        verificationStale: true,
        verificationCounts: counts(4, 3, 0, 1),
      },
      "Verification Successful (4 runs in history); Kargo's recorded verification history is stale; no open pull requests",
    ],
    [
      { verificationCounts: counts(2, 0, 0, 2) },
      'No current verification (2 runs in history); no open pull requests',
    ],
    [
      {
        verificationCounts: undefined,
        openPullRequests: undefined,
      } as unknown as Partial<StageSummary>,
      'No verification; no open pull requests',
    ],
    [
      { error: 'verifications: boom' },
      'No verification; no open pull requests; could not be read completely: verifications: boom',
    ],
  ])('%p -> %s', (over, expected) => {
    expect(describeStage(summary(over))).toBe(expected);
  });

  it('does not name a failure when only the history failed (search must not find it by "Failed")', () => {
    const text = describeStage(
      summary({
        verificationPhase: 'Successful',
        verificationCounts: counts(4, 3, 0, 1),
      }),
    );
    expect(text).not.toMatch(/fail/i);
  });
});
