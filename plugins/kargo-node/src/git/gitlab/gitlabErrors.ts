import { translateProviderError } from '../translateProviderError';
import { GitlabHttpError } from './gitlabRequester';

/**
 * GitLab's "Another open merge request already exists for this source
 * branch: !7" (409; older versions: "This merge request already exists").
 * Returns the MR's iid when the message names it, else 0.
 */
export function alreadyExistsIid(error: unknown): number | undefined {
  if (
    !(error instanceof GitlabHttpError) ||
    ![409, 422].includes(error.status) ||
    !/already exists/i.test(error.description)
  ) {
    return undefined;
  }
  const match = /!(\d+)/.exec(error.description);
  return match ? Number(match[1]) : 0;
}

/**
 * Translates a GitLab failure once, into @backstage/errors (see
 * translateProviderError). GitLab signals rate limits as 429 only.
 */
export function translateGitlabError(
  error: unknown,
  context: { host: string; repo: string; token?: string },
): Error {
  return translateProviderError(
    'GitLab',
    error,
    error instanceof GitlabHttpError
      ? {
          status: error.status,
          message: error.description,
          headers: error.headers,
          rateLimited: error.status === 429,
        }
      : undefined,
    context,
  );
}
