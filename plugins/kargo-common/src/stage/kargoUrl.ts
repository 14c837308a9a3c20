/**
 * The page of a Stage in Kargo's UI: `<kargoUrl>/project/<p>/stage/<s>`.
 *
 * @public
 */
export function kargoStageUrl(
  kargoUrl: string,
  project: string,
  stage: string,
): string {
  const base = kargoUrl.replace(/\/+$/, '');
  return `${base}/project/${encodeURIComponent(
    project,
  )}/stage/${encodeURIComponent(stage)}`;
}
