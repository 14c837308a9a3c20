import type { VerificationEntry, VerificationPhase } from '../types';
import { effectiveVerificationPhase } from './kargoRecord';
import { currentVerificationPhase, verificationCounts } from './summary';

const entry = (
  phase: VerificationPhase,
  current: boolean,
  extra: Partial<VerificationEntry> = {},
): VerificationEntry => ({
  id: null,
  analysisRun: null,
  freightCollectionId: null,
  freight: null,
  phase,
  recordedPhase: null,
  stale: false,
  startTime: null,
  finishTime: null,
  message: null,
  actor: null,
  metrics: [],
  current,
  ...extra,
});

describe('currentVerificationPhase', () => {
  it.each<[VerificationEntry[], string]>([
    [[], 'None'],
    [[entry('Failed', false)], 'None'],
    [
      [
        entry('Failed', false),
        entry('Running', true),
        entry('Successful', true),
      ],
      'Running',
    ],
    [
      [entry('Successful', true, { aborted: true, recordedPhase: 'Failed' })],
      'Failed',
    ],
    [
      [entry('Successful', true, { aborted: true, recordedPhase: 'Aborted' })],
      'Aborted',
    ],
  ])('%#', (entries, expected) => {
    expect(currentVerificationPhase(entries)).toBe(expected);
  });
});

describe('verificationCounts', () => {
  it('counts by phase, aborted runs as failed', () => {
    expect(
      verificationCounts([
        entry('Failed', false),
        entry('Error', false),
        entry('Successful', false, { aborted: true, recordedPhase: 'Failed' }),
        entry('Running', true),
        entry('Pending', false),
        entry('Successful', false),
        entry('Inconclusive', false),
      ]),
    ).toEqual({ total: 7, failed: 3, running: 2, successful: 1 });
  });
});

describe('effectiveVerificationPhase', () => {
  it('is the live phase unless a user aborted it', () => {
    expect(
      effectiveVerificationPhase({
        phase: 'Running',
        recordedPhase: 'Pending',
      }),
    ).toBe('Running');
    expect(
      effectiveVerificationPhase({
        phase: 'Running',
        recordedPhase: null,
        aborted: true,
      }),
    ).toBe('Failed');
  });
});
