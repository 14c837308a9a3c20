/**
 * The order before issue 35's attack 18: newest first by a comparator that
 * parsed both times (Date.parse) on every comparison, then by name
 * descending, ties kept in their order. An undated or unparsable time counts
 * as the epoch (`undated: 'epoch'`) or comes last (`'last'`).
 */
export function sortedByParsingTimes<T>(
  items: T[],
  timeOf: (item: T) => string | null | undefined,
  nameOf: (item: T) => string,
  undated: 'epoch' | 'last',
): T[] {
  const millis = (item: T) => {
    const time = timeOf(item);
    const ms = !time || time.length > 64 ? NaN : Date.parse(time);
    if (!Number.isNaN(ms)) return ms;
    return undated === 'epoch' ? 0 : undefined;
  };
  return [...items].sort((a, b) => {
    const ta = millis(a);
    const tb = millis(b);
    if (ta !== tb) {
      if (ta === undefined) return 1;
      if (tb === undefined) return -1;
      return tb - ta;
    }
    const na = nameOf(a);
    const nb = nameOf(b);
    if (na === nb) return 0;
    return na < nb ? 1 : -1;
  });
}

/** A time two of the `ODD_TIMES` share. */
export const SAME_TIME = '2026-01-01T00:00:00Z';

/**
 * Names and times a sort by time must order as before: two equal times, a
 * later one, none, and one that does not parse.
 */
export const ODD_TIMES: Array<[name: string, time: string | undefined]> = [
  ['b', SAME_TIME],
  ['a', SAME_TIME],
  ['c', '2026-01-01T00:00:01Z'],
  ['d', undefined],
  ['e', 'not a time'],
];
