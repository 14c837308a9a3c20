/**
 * Runs a task when fewer than `limit` of its tasks are in flight, else when
 * one finishes (first come, first served).
 *
 * @public
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * The one concurrency bound of the plugin family: enough parallelism to hide
 * latency without flooding a cluster or a Git provider.
 *
 * @public
 */
export function createLimiter(limit: number): Limiter {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  return async task => {
    if (inFlight >= limit) {
      await new Promise<void>(resolve => waiting.push(resolve));
    }
    inFlight += 1;
    try {
      return await task();
    } finally {
      inFlight -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Maps with at most `limit` calls in flight; results in the items' order.
 *
 * @public
 */
export function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const run = createLimiter(limit);
  return Promise.all(items.map(item => run(() => fn(item))));
}
