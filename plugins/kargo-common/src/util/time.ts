/** Milliseconds since the epoch, or undefined for a missing or unparsable time. */
export function toMillis(time: string | null | undefined): number | undefined {
  if (!time) return undefined;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `HH:MM UTC` of an RFC 3339 time, for reasons a person reads. */
export function formatClock(
  time: string | null | undefined,
): string | undefined {
  const ms = toMillis(time);
  if (ms === undefined) return undefined;
  return `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}
