import type { GitWebhookEvent } from '../GitProvider';

/**
 * Topics of plugin-events-backend-module-bitbucket-cloud:
 * `bitbucketCloud.<X-Event-Key>`, for the pull request events that change
 * what is open.
 */
export const BITBUCKET_CLOUD_WEBHOOK_TOPICS = [
  'bitbucketCloud.pullrequest:created',
  'bitbucketCloud.pullrequest:updated',
  'bitbucketCloud.pullrequest:fulfilled',
  'bitbucketCloud.pullrequest:rejected',
] as const;

/**
 * A Bitbucket Cloud pull request event as the repository to re-list:
 * `repository.links.html.href` of its payload.
 */
export function parseBitbucketCloudWebhookEvent(
  topic: string,
  payload: unknown,
): GitWebhookEvent | undefined {
  if (!(BITBUCKET_CLOUD_WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
    return undefined;
  }
  const url = (
    payload as {
      repository?: { links?: { html?: { href?: unknown } } };
    } | null
  )?.repository?.links?.html?.href;
  return typeof url === 'string' ? { repoUrl: url } : undefined;
}
