import type { GitErrorContext } from '../GitProvider';
import { translateProviderError } from '../translateProviderError';
import { BitbucketCloudHttpError } from './bitbucketCloudHttp';

/**
 * Translates a Bitbucket Cloud failure once, into @backstage/errors (see
 * translateProviderError). Bitbucket Cloud signals rate limits as 429.
 */
export function translateBitbucketCloudError(
  error: unknown,
  context: GitErrorContext,
): Error {
  return translateProviderError(
    'Bitbucket Cloud',
    error,
    error instanceof BitbucketCloudHttpError
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
