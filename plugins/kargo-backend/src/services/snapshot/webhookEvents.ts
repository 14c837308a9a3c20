import { z } from 'zod';

/**
 * The repository a Git provider's webhook event is about, read from its
 * payload; undefined when the payload does not name one. One pure function
 * per provider, so each can move to its provider's adapter as it is.
 */
export type WebhookRepositoryParser = (payload: unknown) => string | undefined;

/** A web URL as a provider sends it; anything else (or a huge string) is no repository. */
const webUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s]+$/);

const githubPullRequestEvent = z.object({
  repository: z.object({ html_url: webUrl }),
});

/** GitHub `pull_request` event: `repository.html_url`. */
export function githubPullRequestRepository(
  payload: unknown,
): string | undefined {
  const parsed = githubPullRequestEvent.safeParse(payload);
  return parsed.success ? parsed.data.repository.html_url : undefined;
}

const gitlabMergeRequestEvent = z.object({
  project: z.object({ web_url: webUrl }),
});

/** GitLab `merge_request` event (object_kind `merge_request`): `project.web_url`. */
export function gitlabMergeRequestRepository(
  payload: unknown,
): string | undefined {
  const parsed = gitlabMergeRequestEvent.safeParse(payload);
  return parsed.success ? parsed.data.project.web_url : undefined;
}

/**
 * The events-service topics that announce a change of a repository's open
 * pull/merge requests (the sub-topics the events modules' routers publish:
 * `github.<x-github-event>`, `gitlab.<object_kind>`), each with its parser.
 */
export const PULL_REQUEST_WEBHOOK_TOPICS: Record<
  string,
  WebhookRepositoryParser
> = {
  'github.pull_request': githubPullRequestRepository,
  'gitlab.merge_request': gitlabMergeRequestRepository,
};
