import { formatUtcClock, formatEnglishDuration, parseGoDuration } from './time';

describe('parseGoDuration', () => {
  it.each([
    ['1h30m0s', 5_400_000],
    ['90s', 90_000],
    ['2h', 7_200_000],
    ['1.5h', 5_400_000],
    ['250ms', 250],
    ['0', 0],
    ['0s', 0],
  ])('reads %s', (text, ms) => {
    expect(parseGoDuration(text)).toBe(ms);
  });

  it.each([['soon'], ['1d'], ['1h30'], [''], [undefined], [90]])(
    'refuses %p',
    text => {
      expect(parseGoDuration(text)).toBeUndefined();
    },
  );
});

describe('formatEnglishDuration', () => {
  it.each([
    [5_400_000, '1h 30m'],
    [7_200_000, '2h'],
    [720_000, '12m'],
    [45_000, '45s'],
    [754_000, '12m 34s'],
    [0, '0s'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatEnglishDuration(ms)).toBe(text);
  });
});

describe('formatUtcClock', () => {
  it('formats HH:MM UTC of a time or a Date', () => {
    expect(formatUtcClock(new Date(Date.UTC(2026, 10, 30, 9, 5)))).toBe(
      '09:05 UTC',
    );
    expect(formatUtcClock('2026-11-30T09:05:59+02:00')).toBe('07:05 UTC');
    expect(formatUtcClock('not a time')).toBeUndefined();
  });
});
