import { useApi } from '@backstage/core-plugin-api';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { kargoApiRef, type KargoAnalysisRunRequest } from '../api';
import { useProjectSignals } from './useProjectSignals';

/**
 * One AnalysisRun with its metrics, fetched on demand, and again whenever
 * the backend signals a change in its project on the channel its answer
 * names (a run going Running -> Successful updates the open drawer).
 */
export function useAnalysisRun({
  project,
  name,
  instance,
}: KargoAnalysisRunRequest) {
  const api = useApi(kargoApiRef);
  const state = useAsyncRetry(
    () => api.getAnalysisRun({ project, name, instance }),
    [api, project, name, instance],
  );
  const channel = state.value?.signalChannel;
  useProjectSignals(channel ? [channel] : [], state.retry);
  return state;
}
