/**
 * Characters of a time or a duration read at most: an RFC 3339 time is at
 * most 35, a Go duration a few; a project member's 1 MB `longestSoak` was
 * parsed twice per option of each Stage downstream (issue 35, attack 15).
 */
export const MAX_TIME_TEXT = 64;

/** Milliseconds since the epoch, or undefined for a missing or unparsable time. */
export function toMillis(time: string | null | undefined): number | undefined {
  if (!time || time.length > MAX_TIME_TEXT) return undefined;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * `HH:MM UTC` of a time, for the English messages of the API, logs and MCP
 * actions: always UTC, never the reader's zone (the frontend has its own
 * locale-aware clock, plugins/kargo's utils/format.ts).
 *
 * @public
 */
export function formatUtcClock(
  time: string | Date | null | undefined,
): string | undefined {
  const ms = time instanceof Date ? time.getTime() : toMillis(time);
  if (Number.isNaN(ms)) return undefined;
  if (ms === undefined) return undefined;
  return `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}

const GO_DURATION_UNITS: Record<string, number> = {
  h: 3_600_000,
  m: 60_000,
  s: 1_000,
  ms: 1,
  us: 0.001,
  µs: 0.001,
  ns: 0.000001,
};

/**
 * Milliseconds of a Go duration as Kubernetes writes `metav1.Duration`
 * (`1h30m0s`, `90s`, `2h`, `0`), or undefined for anything else.
 */
export function parseGoDuration(text: unknown): number | undefined {
  if (typeof text !== 'string' || !text || text.length > MAX_TIME_TEXT)
    return undefined;
  if (text === '0') return 0;
  const part = /(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/y;
  let total = 0;
  let at = 0;
  while (at < text.length) {
    part.lastIndex = at;
    const match = part.exec(text);
    if (!match) return undefined;
    total += Number(match[1]) * GO_DURATION_UNITS[match[2]];
    at = part.lastIndex;
  }
  return total;
}

/**
 * A duration in the English of API messages: `1h 30m`, `10m`, `45s` (the
 * frontend words durations in the viewer's language itself).
 */
export function formatEnglishDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [h && `${h}h`, m && `${m}m`, s && !h && `${s}s`].filter(
    Boolean,
  );
  return parts.length ? parts.join(' ') : '0s';
}
