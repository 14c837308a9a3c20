/** Reconnect delays of a watch: first and largest, in milliseconds. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

/**
 * The delay before reconnect attempt `attempt` (0 for the first): doubling
 * from `initialMs` up to `maxMs`, then scaled by a random factor in
 * [0.5, 1) so that the watches of many backends that lost one cluster
 * together do not come back in lock step.
 */
export function backoffDelay(
  attempt: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(
    backoff.maxMs,
    backoff.initialMs * 2 ** Math.min(attempt, 30),
  );
  return Math.round(exponential * (0.5 + random() / 2));
}
