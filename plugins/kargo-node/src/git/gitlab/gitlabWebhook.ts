import type { GitWebhookEvent } from '../GitProvider';

/** Topics of plugin-events-backend-module-gitlab: `gitlab.<object_kind>`. */
export const GITLAB_WEBHOOK_TOPICS = ['gitlab.merge_request'] as const;

/**
 * A GitLab merge request event (open, close, merge, update...) as the
 * project to re-list: `project.web_url` of its payload.
 */
export function parseGitlabWebhookEvent(
  topic: string,
  payload: unknown,
): GitWebhookEvent | undefined {
  if (!(GITLAB_WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
    return undefined;
  }
  const url = (payload as { project?: { web_url?: unknown } } | null)?.project
    ?.web_url;
  return typeof url === 'string' ? { repoUrl: url } : undefined;
}
