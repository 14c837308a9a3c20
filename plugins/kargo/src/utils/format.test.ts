import {
  formatAge,
  formatClock,
  formatDateTime,
  formatDuration,
  formatList,
  formatSpan,
  shortRepo,
  shortSha,
} from './format';

describe('format', () => {
  it("words the time between two instants in the viewer's language", () => {
    const start = '2026-11-30T10:00:00Z';
    expect(formatSpan(start, '2026-11-30T10:03:20Z', 'en')).toBe(
      '3 min 20 sec',
    );
    expect(formatSpan(start, '2026-11-30T11:02:00Z', 'en')).toBe('1 hr 2 min');
    expect(formatSpan(start, '2026-11-30T11:02:00Z', 'de')).toBe(
      '1 Std. 2 Min.',
    );
    expect(formatSpan(start, null, 'en')).toBeUndefined();
  });

  it("shows a date and time in the viewer's language", () => {
    const iso = '2026-11-30T10:42:00Z';
    expect(formatDateTime(iso, 'en')).toMatch(
      /^Nov 30, 2026, \d{1,2}:\d{2}\s?(AM|PM)$/,
    );
    expect(formatDateTime(iso, 'de')).toMatch(/^30\.11\.2026, \d{2}:\d{2}$/);
    expect(formatDateTime('not a date', 'en')).toBeUndefined();
  });

  it("words durations in the viewer's language", () => {
    expect(formatDuration(90 * 60_000 + 20_000, 'en')).toBe('1 hr 30 min');
    expect(formatDuration(45_000, 'en')).toBe('45 sec');
    expect(formatDuration(0, 'en')).toBe('0 sec');
    expect(formatDuration(12 * 60_000, 'de')).toBe('12 Min.');
  });

  it("shows a clock time in the viewer's time zone and language", () => {
    const iso = '2026-12-01T14:05:00.000Z';
    const local = new Date(iso);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(formatClock(iso, 'de')).toBe(`${hh}:${mm}`);
    expect(formatClock(iso, 'en')).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)$/);
    expect(formatClock('not a date', 'en')).toBeUndefined();
  });

  it("words lists in the viewer's language, plainly where Intl cannot", () => {
    expect(formatList(['uat', 'qa'], 'en')).toBe('uat and qa');
    expect(formatList(['uat', 'qa'], 'de')).toBe('uat und qa');
    expect(formatList(['uat', 'qa'], 'not a locale!')).toBe('uat, qa');
  });

  it("words ages relative to now in the viewer's language", () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(formatAge('2026-11-27T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatAge('2026-11-30T11:00:00Z', 'en', now)).toBe('1 hour ago');
    expect(formatAge('2026-11-27T12:00:00Z', 'de', now)).toBe('vor 3 Tagen');
    expect(formatAge('not a date', 'en', now)).toBeUndefined();
  });

  it('shortens commit ids and repository URLs', () => {
    expect(shortSha('0123456789abcdef')).toBe('0123456');
    expect(shortRepo('https://github.com/acme/checkout-deploy.git')).toBe(
      'github.com/acme/checkout-deploy',
    );
  });
});
