import {
  formatAge,
  formatDuration,
  isActivePhase,
  isTerminalPhase,
  shortRepo,
  shortSha,
} from './format';

describe('format', () => {
  it('tells terminal phases from active ones', () => {
    expect(isTerminalPhase('Failed')).toBe(true);
    expect(isTerminalPhase('Inconclusive')).toBe(true);
    expect(isTerminalPhase('Running')).toBe(false);
    expect(isTerminalPhase('Weird')).toBe(false);
    expect(isActivePhase('Pending')).toBe(true);
    expect(isActivePhase('Successful')).toBe(false);
  });

  it('formats durations', () => {
    expect(formatDuration('2026-11-30T10:00:00Z', '2026-11-30T10:03:20Z')).toBe(
      '3m 20s',
    );
    expect(formatDuration('2026-11-30T10:00:00Z', '2026-11-30T11:02:00Z')).toBe(
      '1h 2m',
    );
    expect(formatDuration('2026-11-30T10:00:00Z', null)).toBeUndefined();
  });

  it('formats ages relative to now', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(formatAge('2026-11-27T12:00:00Z', now)).toBe('3 days ago');
    expect(formatAge('2026-11-30T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatAge('not a date', now)).toBeUndefined();
  });

  it('shortens commit ids and repository URLs', () => {
    expect(shortSha('0123456789abcdef')).toBe('0123456');
    expect(shortRepo('https://github.com/acme/checkout-deploy.git')).toBe(
      'github.com/acme/checkout-deploy',
    );
  });
});
