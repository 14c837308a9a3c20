import { useApi } from '@backstage/core-plugin-api';
import { useSignal } from '@backstage/plugin-signals-react';
import { kargoProjectSignalChannel } from '@kargo-backstage/plugin-kargo-common';
import useAsync from 'react-use/esm/useAsync';
import { kargoApiRef, type KargoAnalysisRunRequest } from '../api';

/**
 * One AnalysisRun with its metrics, fetched on demand, and again whenever
 * the backend signals a change in its project (a run going Running ->
 * Successful updates the open drawer).
 */
export function useAnalysisRun({
  project,
  name,
  instance,
}: KargoAnalysisRunRequest) {
  const api = useApi(kargoApiRef);
  const { lastSignal } = useSignal(
    kargoProjectSignalChannel(instance ?? '', project),
  );
  return useAsync(
    () => api.getAnalysisRun({ project, name, instance }),
    [api, project, name, instance, lastSignal],
  );
}
