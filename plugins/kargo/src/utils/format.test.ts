import {
  formatAge,
  formatDuration,
  formatList,
  formatLocalClock,
  formatLocalDuration,
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

  it("words durations in the viewer's language", () => {
    expect(formatLocalDuration(90 * 60_000 + 20_000, 'en')).toBe('1 hr 30 min');
    expect(formatLocalDuration(45_000, 'en')).toBe('45 sec');
    expect(formatLocalDuration(0, 'en')).toBe('0 sec');
    expect(formatLocalDuration(12 * 60_000, 'de')).toBe('12 Min.');
  });

  it("shows a clock time in the viewer's time zone and language", () => {
    const iso = '2026-12-01T14:05:00.000Z';
    const local = new Date(iso);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(formatLocalClock(iso, 'de')).toBe(`${hh}:${mm}`);
    expect(formatLocalClock(iso, 'en')).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)$/);
    expect(formatLocalClock('not a date', 'en')).toBeUndefined();
  });

  it("words lists in the viewer's language, plainly where Intl cannot", () => {
    expect(formatList(['uat', 'qa'], 'en')).toBe('uat and qa');
    expect(formatList(['uat', 'qa'], 'de')).toBe('uat und qa');
    expect(formatList(['uat', 'qa'], 'not a locale!')).toBe('uat, qa');
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
