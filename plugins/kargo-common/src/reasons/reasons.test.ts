import { REASON_CODES, reasonMessage } from './reasons';

describe('reasonMessage', () => {
  it('words each code in English for API users, times in UTC', () => {
    expect(
      reasonMessage({
        code: 'verificationRunning',
        params: { startTime: '2026-11-30T10:42:07Z' },
      }),
    ).toBe(
      'Verification is still running (started 10:42 UTC); abort it or wait for it to finish',
    );
    expect(
      reasonMessage({
        code: 'verificationPending',
        params: { startTime: null },
      }),
    ).toBe('Verification is still pending; abort it or wait for it to finish');
    expect(
      reasonMessage({
        code: 'notVerifiedInAll',
        params: { freight: 'f1', stage: 'prod', upstream: [] },
      }),
    ).toBe(
      'Freight "f1" must be verified in all upstream Stages (none) to be available to Stage "prod"',
    );
  });

  it('lists every code once, so a frontend can check it words them all', () => {
    expect(REASON_CODES).toContain('promotionRunning');
    expect(REASON_CODES).toContain('soaking');
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
  });
});
