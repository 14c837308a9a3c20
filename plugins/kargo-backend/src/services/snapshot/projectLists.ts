import {
  slimAnalysisRun,
  type ProjectLists,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';

/**
 * Reads one project with one paginated LIST per kind (never a request per
 * Stage). I/O only: building the Stages is kargo-common's.
 */
export async function listProject(
  client: KargoClusterClient,
  project: string,
): Promise<ProjectLists> {
  const [stages, promotions, freight, analysisRuns] = await Promise.all([
    client.listStages(project),
    client.listPromotions(project),
    client.listFreight(project),
    // Only what the history reads is kept of each run, page by page.
    client.listAnalysisRuns(project, undefined, slimAnalysisRun),
  ]);
  return { stages, promotions, freight, analysisRuns };
}
