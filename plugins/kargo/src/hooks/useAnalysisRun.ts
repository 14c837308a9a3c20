import { useApi, useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';
import { useEffect, useRef } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { kargoApiRef, type KargoAnalysisRunRequest } from '../api';

/**
 * One AnalysisRun with its metrics, fetched on demand, and again whenever
 * the backend signals a change in its project on the opaque channel its
 * answer names (a run going Running -> Successful updates the open drawer).
 * No catch-up reads as the tab has (each read of a run asks the cluster):
 * the drawer opens on a page whose signals are live already.
 */
export function useAnalysisRun({
  project,
  name,
  instance,
}: KargoAnalysisRunRequest) {
  const api = useApi(kargoApiRef);
  // Optional: an app without the signals plugin has no signal API.
  const signals = useApiHolder().get(signalApiRef);
  const state = useAsyncRetry(
    () => api.getAnalysisRun({ project, name, instance }),
    [api, project, name, instance],
  );
  const retry = useRef(state.retry);
  retry.current = state.retry;
  const channel = state.value?.signalChannel;
  useEffect(() => {
    if (!signals || !channel) return undefined;
    const subscription = signals.subscribe(channel, () => retry.current());
    return () => subscription.unsubscribe();
  }, [signals, channel]);
  return state;
}
