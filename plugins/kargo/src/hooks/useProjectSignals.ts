import { useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';
import { useEffect, useRef } from 'react';
import {
  createProjectSignalFeed,
  type ProjectSignalFeed,
} from './projectSignalFeed';

export { CATCH_UP_MS, SIGNAL_COALESCE_MS } from './projectSignalFeed';

/**
 * Calls `onChange` when the backend signals on one of these channels (the
 * opaque ones its answers hand out, `signalChannels` / `signalChannel`:
 * Stages of one of the caller's projects changed): at once for a signal, then at most once per
 * SIGNAL_COALESCE_MS while signals keep coming (a burst: one more at its end);
 * and a few times after subscribing (CATCH_UP_MS), until the first signal, for
 * a change signalled before the subscription was live. Answers whether
 * signals are available at all (the signals frontend plugin is installed);
 * without them the caller polls.
 */
export function useProjectSignals(
  signalChannels: readonly string[],
  onChange: () => void,
): boolean {
  // Optional: an app without the signals plugin has no signal API.
  const signals = useApiHolder().get(signalApiRef);
  const callback = useRef(onChange);
  callback.current = onChange;
  const channels = [...new Set(signalChannels)].sort();
  const key = channels.join('\n');

  // One feed for the component's life: a change of the channels updates its
  // subscriptions instead of dropping them all (which closed the WebSocket).
  const feed = useRef<ProjectSignalFeed>();
  useEffect(() => {
    if (!signals) return undefined;
    const created = createProjectSignalFeed(signals, () => callback.current());
    feed.current = created;
    return () => {
      created.close();
      feed.current = undefined;
    };
  }, [signals]);
  useEffect(() => {
    feed.current?.follow(key ? key.split('\n') : []);
  }, [signals, key]);

  return !!signals;
}
