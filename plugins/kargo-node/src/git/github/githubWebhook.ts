import type { GitWebhookEvent } from '../GitProvider';

/** Topics of plugin-events-backend-module-github: `github.<X-GitHub-Event>`. */
export const GITHUB_WEBHOOK_TOPICS = ['github.pull_request'] as const;

/**
 * A GitHub `pull_request` webhook (opened, closed, reopened, edited...) as
 * the repository to re-list: `repository.html_url` of its payload.
 */
export function parseGithubWebhookEvent(
  topic: string,
  payload: unknown,
): GitWebhookEvent | undefined {
  if (!(GITHUB_WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
    return undefined;
  }
  const url = (payload as { repository?: { html_url?: unknown } } | null)
    ?.repository?.html_url;
  return typeof url === 'string' ? { repoUrl: url } : undefined;
}
