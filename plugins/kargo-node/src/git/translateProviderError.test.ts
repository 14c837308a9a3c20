import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import { RateLimitedError } from './errors';
import {
  translateProviderError,
  type ProviderFailure,
} from './translateProviderError';

const context = {
  host: 'gitlab.example.com',
  repo: 'https://gitlab.example.com/acme/x',
  token: 'secret-token',
};

const failure = (
  status: number,
  extra: Partial<ProviderFailure> = {},
): ProviderFailure => ({
  status,
  message: 'upstream says no (secret-token)',
  headers: {},
  rateLimited: false,
  ...extra,
});

describe('translateProviderError', () => {
  it('gives every failure a reason code beside its English message, without the token', () => {
    const cases: Array<[ProviderFailure | undefined, string, string]> = [
      [undefined, 'ServiceUnavailableError', 'gitUnreachable'],
      [failure(401), 'ServiceUnavailableError', 'gitUnauthorized'],
      [failure(403), 'ServiceUnavailableError', 'gitForbidden'],
      [failure(404), 'NotFoundError', 'gitNotFound'],
      [failure(409), 'ConflictError', 'gitConflict'],
      [failure(422), 'InputError', 'gitRefused'],
      [failure(502), 'ServiceUnavailableError', 'gitFailed'],
    ];
    for (const [given, name, code] of cases) {
      const error = translateProviderError(
        'GitLab',
        new Error('connect ECONNREFUSED (secret-token)'),
        given,
        context,
      );
      expect([error.name, reasonOf(error)?.code]).toEqual([name, code]);
      expect(
        JSON.stringify({ ...error, message: error.message }),
      ).not.toContain('secret-token');
    }
    expect(
      reasonOf(translateProviderError('GitLab', null, failure(502), context)),
    ).toEqual({
      code: 'gitFailed',
      params: {
        provider: 'GitLab',
        host: 'gitlab.example.com',
        repo: 'https://gitlab.example.com/acme/x',
        status: 502,
        detail: 'upstream says no ([REDACTED])',
      },
    });
  });

  it('carries the reset time of a rate limit as a time the UI words in its own zone', () => {
    const error = translateProviderError(
      'GitLab',
      null,
      failure(429, {
        rateLimited: true,
        headers: { 'ratelimit-reset': '1796133900' },
      }),
      context,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toMatch(
      /^GitLab gitlab.example.com: rate limited until 14:05 UTC/,
    );
    expect(reasonOf(error)).toEqual({
      code: 'gitRateLimited',
      params: {
        provider: 'GitLab',
        host: 'gitlab.example.com',
        resetTime: '2026-12-01T14:05:00.000Z',
      },
    });
  });
});
