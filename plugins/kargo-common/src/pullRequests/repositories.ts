import type { RecordedPullRequest } from './recorded';
import { repoKey } from './repoUrl';
import type { GitStep } from './steps';

/** The repositories of a Stage's walked Git steps and recorded pull requests. */
export function repositoriesOf(
  steps: GitStep[],
  recorded: RecordedPullRequest[],
): string[] {
  const urls = [...steps.map(s => s.repoUrl), ...recorded.map(r => r.repoUrl)];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const url of urls) {
    const key = repoKey(url);
    if (url && key && !seen.has(key)) {
      seen.add(key);
      result.push(url);
    }
  }
  return result;
}
