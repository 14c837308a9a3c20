import type { VerificationInfo } from '../types';
import {
  effectiveVerificationPhase,
  isAbortedRecord,
  isStaleRecord,
} from './kargoRecord';

const record = (phase: string, message?: string): VerificationInfo =>
  ({ id: 'v1', phase, message } as VerificationInfo);

describe("Kargo's record of a verification against its live run", () => {
  it('a user abort is Failed with Kargo’s message (v1.1+) or Aborted (<= v1.0)', () => {
    expect(
      isAbortedRecord(record('Failed', 'Verification aborted by user')),
    ).toBe(true);
    expect(isAbortedRecord(record('Aborted'))).toBe(true);
    expect(isAbortedRecord(record('Failed', 'metric error-rate failed'))).toBe(
      false,
    );
    expect(isAbortedRecord(record('Running'))).toBe(false);
  });

  it('a record that says Running while the run Succeeded is stale', () => {
    expect(isStaleRecord(record('Running'), 'Running', 'Successful')).toBe(
      true,
    );
    expect(
      isStaleRecord(record('Successful'), 'Successful', 'Successful'),
    ).toBe(false);
  });

  it('an aborted record is a decision, never stale, whatever the run wound down to', () => {
    const aborted = record('Failed', 'Verification aborted by user');
    expect(isStaleRecord(aborted, 'Failed', 'Successful')).toBe(false);
  });

  it('acts on the live phase, except that an abort counts as Kargo recorded it', () => {
    expect(
      effectiveVerificationPhase({
        phase: 'Successful',
        recordedPhase: 'Running',
      }),
    ).toBe('Successful');
    expect(
      effectiveVerificationPhase({
        phase: 'Successful',
        recordedPhase: 'Failed',
        aborted: true,
      }),
    ).toBe('Failed');
    expect(
      effectiveVerificationPhase({
        phase: 'Successful',
        recordedPhase: null,
        aborted: true,
      }),
    ).toBe('Failed');
  });
});
