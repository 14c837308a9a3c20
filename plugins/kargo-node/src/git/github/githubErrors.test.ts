import { RateLimitedError } from '../errors';
import { isAlreadyExists, translateGithubError } from './githubErrors';

const context = {
  host: 'github.com',
  repo: 'https://github.com/acme/x',
  token: 'secret-token',
};

function requestError(
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
) {
  return Object.assign(new Error('HttpError'), {
    status,
    response: { headers, data },
  });
}

describe('translateGithubError', () => {
  it('reads a 403 secondary rate limit with retry-after as RateLimitedError', () => {
    const before = Date.now();
    const error = translateGithubError(
      requestError(
        403,
        { message: 'You have exceeded a secondary rate limit.' },
        { 'retry-after': '60' },
      ),
      context,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(
      (error as RateLimitedError).resetAt.getTime(),
    ).toBeGreaterThanOrEqual(before + 60_000);
  });

  it('reads another 403 as the integration lacking access, not as our 403', () => {
    const error = translateGithubError(
      requestError(403, { message: 'Resource not accessible by integration' }),
      context,
    );
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain(
      'The GitHub integration of github.com is not allowed to access https://github.com/acme/x',
    );
  });

  it('maps 409 to ConflictError and 422 to InputError with the details', () => {
    expect(
      translateGithubError(requestError(409, { message: 'Conflict' }), context)
        .name,
    ).toBe('ConflictError');
    const invalid = translateGithubError(
      requestError(422, {
        message: 'Validation Failed',
        errors: [{ field: 'head', code: 'invalid' }, 'head branch missing'],
      }),
      context,
    );
    expect(invalid.name).toBe('InputError');
    expect(invalid.message).toContain('Validation Failed: head branch missing');
  });

  it('redacts the token from upstream messages', () => {
    const error = translateGithubError(
      requestError(500, { message: 'boom secret-token' }),
      context,
    );
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).not.toContain('secret-token');
    expect(error.message).toContain('[REDACTED]');
  });
});

describe('isAlreadyExists', () => {
  it('recognises GitHub 422 "A pull request already exists" only', () => {
    const exists = requestError(422, {
      message: 'Validation Failed',
      errors: [{ message: 'A pull request already exists for acme:branch.' }],
    });
    expect(isAlreadyExists(exists)).toBe(true);
    expect(
      isAlreadyExists(requestError(422, { message: 'Validation Failed' })),
    ).toBe(false);
    expect(isAlreadyExists(new Error('A pull request already exists'))).toBe(
      false,
    );
  });
});
