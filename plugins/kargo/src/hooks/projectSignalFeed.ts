import type { SignalApi } from '@backstage/plugin-signals-react';

/** After a refresh, further signals within this time cause one more (at its end). */
export const SIGNAL_COALESCE_MS = 200;

/**
 * After subscribing to a channel, refresh at these times (ms) unless a signal
 * arrives first. A subscription is not live at once and the backend does not
 * replay what it signalled before: the app's SignalClient opens its WebSocket
 * within 1 s or gives up and retries 5 s later, and signals-backend leaves the
 * first WebSocket of its process unanswered (so that retry is the rule after
 * a backend start). These reads (answered 304 when nothing changed) show a
 * change made in that window; the first signal proves the socket live.
 */
export const CATCH_UP_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

export interface ProjectSignalFeed {
  /**
   * Subscribes to exactly these channels: the new ones first, then drops the
   * others, so the shared WebSocket never closes in between (SignalClient
   * closes it with its last subscription, and a new one starts unsubscribed).
   */
  follow(channels: readonly string[]): void;
  close(): void;
}

/**
 * Calls `onChange` on a signal of a followed channel: at once, then at most
 * once per SIGNAL_COALESCE_MS while signals keep coming (a burst: one more
 * at its end); and at CATCH_UP_MS after a channel was added, until a signal
 * arrives.
 */
export function createProjectSignalFeed(
  signals: SignalApi,
  onChange: () => void,
): ProjectSignalFeed {
  const subscriptions = new Map<string, { unsubscribe(): void }>();
  let coalesce: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  let catchUp: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const changed = () => {
    if (coalesce) {
      pending = true;
      return;
    }
    onChange();
    coalesce = setTimeout(() => {
      coalesce = undefined;
      if (!pending) return;
      pending = false;
      changed();
    }, SIGNAL_COALESCE_MS);
  };
  const stopCatchUp = () => {
    clearTimeout(catchUp);
    catchUp = undefined;
  };
  const startCatchUp = (step = 0, at = 0) => {
    stopCatchUp();
    if (step >= CATCH_UP_MS.length) return;
    catchUp = setTimeout(() => {
      // Not through the throttle: a signal right after still refreshes at once.
      onChange();
      startCatchUp(step + 1, CATCH_UP_MS[step]);
    }, CATCH_UP_MS[step] - at);
  };
  const signalled = () => {
    stopCatchUp();
    changed();
  };

  return {
    follow(channels) {
      if (closed) return;
      const wanted = new Set(channels);
      let added = false;
      for (const channel of wanted) {
        if (subscriptions.has(channel)) continue;
        subscriptions.set(channel, signals.subscribe(channel, signalled));
        added = true;
      }
      for (const [channel, subscription] of subscriptions) {
        if (wanted.has(channel)) continue;
        subscription.unsubscribe();
        subscriptions.delete(channel);
      }
      if (added) startCatchUp();
      else if (subscriptions.size === 0) stopCatchUp();
    },
    close() {
      closed = true;
      stopCatchUp();
      clearTimeout(coalesce);
      subscriptions.forEach(s => s.unsubscribe());
      subscriptions.clear();
    },
  };
}
