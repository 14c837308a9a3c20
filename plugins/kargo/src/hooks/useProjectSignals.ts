import { useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';
import { kargoProjectSignalChannel } from '@kargo-backstage/plugin-kargo-common';
import { useEffect, useRef } from 'react';

/** After a refresh, further signals within this time cause one more (at its end). */
export const SIGNAL_COALESCE_MS = 200;

/**
 * Calls `onChange` when the backend signals that Stages of one of these
 * projects changed: at once for a signal, then at most once per
 * SIGNAL_COALESCE_MS while signals keep coming (a burst: one more at its end).
 * Answers whether signals are available at all (the signals frontend plugin
 * is installed); without them the caller polls.
 */
export function useProjectSignals(
  projects: Array<{ instance: string; project: string }>,
  onChange: () => void,
): boolean {
  // Optional: an app without the signals plugin has no signal API.
  const signals = useApiHolder().get(signalApiRef);
  const callback = useRef(onChange);
  callback.current = onChange;
  const channels = [
    ...new Set(
      projects.map(p => kargoProjectSignalChannel(p.instance, p.project)),
    ),
  ].sort();
  const key = channels.join('\n');

  useEffect(() => {
    if (!signals || !key) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;
    const changed = () => {
      if (timer) {
        pending = true;
        return;
      }
      callback.current();
      timer = setTimeout(() => {
        timer = undefined;
        if (!pending) return;
        pending = false;
        changed();
      }, SIGNAL_COALESCE_MS);
    };
    const subscriptions = key
      .split('\n')
      .map(c => signals.subscribe(c, changed));
    return () => {
      clearTimeout(timer);
      subscriptions.forEach(s => s.unsubscribe());
    };
  }, [signals, key]);

  return !!signals;
}
