import { redact, resetAtFromHeaders } from './errors';

describe('resetAtFromHeaders', () => {
  const now = Date.UTC(2026, 10, 30, 14, 0, 0);

  it('prefers retry-after seconds', () => {
    expect(
      resetAtFromHeaders(
        { 'retry-after': '30', 'x-ratelimit-reset': '1' },
        now,
      ),
    ).toEqual(new Date(now + 30_000));
  });

  it('reads x-ratelimit-reset and ratelimit-reset as epoch seconds', () => {
    expect(
      resetAtFromHeaders({ 'x-ratelimit-reset': '1800000000' }, now),
    ).toEqual(new Date(1_800_000_000_000));
    expect(
      resetAtFromHeaders({ 'ratelimit-reset': '1800000000' }, now),
    ).toEqual(new Date(1_800_000_000_000));
  });

  it('falls back to one minute', () => {
    expect(resetAtFromHeaders({}, now)).toEqual(new Date(now + 60_000));
  });
});

describe('redact', () => {
  it('removes a secret wherever it appears', () => {
    expect(redact('bad token abcd1234 (abcd1234)', 'abcd1234')).toBe(
      'bad token [REDACTED] ([REDACTED])',
    );
  });
});
