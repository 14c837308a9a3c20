/** The error a refresh abandoned by its abort signal rejects with. */
class RefreshAbandonedError extends Error {
  constructor(what: string) {
    super(`${what} took longer than kargo.refresh.timeout and was abandoned`);
    this.name = 'RefreshAbandonedError';
  }
}

/**
 * The promise, or a rejection as soon as the signal aborts (the scheduler's
 * timeout), so that a hanging cluster never holds a refresh: the requests
 * still end on their own timeout, but nobody waits for them.
 */
export function abortable<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  what: string,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new RefreshAbandonedError(what));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RefreshAbandonedError(what));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      value => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      error => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
