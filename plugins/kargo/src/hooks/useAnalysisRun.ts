import { useApi } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { kargoApiRef, type KargoAnalysisRunRequest } from '../api';

/** One AnalysisRun with its metrics, fetched on demand. */
export function useAnalysisRun({
  project,
  name,
  instance,
}: KargoAnalysisRunRequest) {
  const api = useApi(kargoApiRef);
  return useAsync(
    () => api.getAnalysisRun({ project, name, instance }),
    [api, project, name, instance],
  );
}
