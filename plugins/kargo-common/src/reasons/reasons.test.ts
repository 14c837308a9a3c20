import {
  errorWithReason,
  REASON_CODES,
  reasonMessage,
  reasonOf,
} from './reasons';

describe('reasonMessage', () => {
  it('words each code in English for API users, times in UTC', () => {
    expect(
      reasonMessage({
        code: 'verificationRunning',
        params: { startTime: '2026-11-30T10:42:07Z' },
      }),
    ).toBe(
      'Verification is still running (started 10:42 UTC); abort it or wait for it to finish',
    );
    expect(
      reasonMessage({
        code: 'verificationPending',
        params: { startTime: null },
      }),
    ).toBe(
      'Verification is still pending (started unknown); abort it or wait for it to finish',
    );
    expect(
      reasonMessage({
        code: 'notVerifiedInAll',
        params: { freight: 'f1', stage: 'prod', upstream: [] },
      }),
    ).toBe(
      'Freight "f1" must be verified in all upstream Stages (none) to be available to Stage "prod"',
    );
  });

  it('ends a list of upstream Stages with how many more it leaves unnamed', () => {
    expect(
      reasonMessage({
        code: 'notVerifiedInAny',
        params: {
          freight: 'f1',
          stage: 'prod',
          upstream: ['uat', 'qa'],
          upstreamMore: 98,
        },
      }),
    ).toBe(
      'Freight "f1" must be verified in at least one upstream Stage (uat, qa, 98 more) to be available to Stage "prod"',
    );
    expect(
      reasonMessage({
        code: 'soaking',
        params: {
          freight: 'f1',
          stage: 'prod',
          soakMs: 3_600_000,
          soaking: ['uat'],
          soakedMs: [60_000],
          soakingMore: 5,
        },
      }),
    ).toMatch(/so far 1m in uat, 5 more$/);
  });

  it("words a refusal by Kargo's API with Kargo's own message and the instance", () => {
    expect(
      reasonMessage({
        code: 'kargoForbidden',
        params: {
          instance: 'prod-cluster',
          message:
            'stages.kargo.akuity.io "prod" is forbidden: User "email:bob@example.com" cannot promote',
        },
      }),
    ).toBe(
      `Kargo (instance 'prod-cluster') does not allow this: stages.kargo.akuity.io "prod" is forbidden: User "email:bob@example.com" cannot promote`,
    );
    expect(REASON_CODES).toEqual(
      expect.arrayContaining([
        'kargoRejected',
        'kargoSignInAgain',
        'kargoApiTokenRejected',
        'kargoNotFound',
        'kargoConflict',
        'kargoApiUnavailable',
        'kargoIdentityRequired',
        'kargoApiNotConfigured',
      ]),
    );
  });

  it('lists every code once, so a frontend can check it words them all', () => {
    expect(REASON_CODES).toContain('promotionRunning');
    expect(REASON_CODES).toContain('soaking');
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
  });
});

describe('errorWithReason and reasonOf', () => {
  class NotFound extends Error {
    name = 'NotFoundError';
  }

  it('makes an error whose message is the English sentence and which carries the code', () => {
    const error = errorWithReason(NotFound, {
      code: 'stageNotFound',
      params: { stage: 'prod', project: 'checkout', instance: 'main' },
    });
    expect(error).toBeInstanceOf(NotFound);
    expect(error.message).toBe(
      "Stage 'prod' not found in Kargo project 'checkout' of instance 'main'",
    );
    // Own fields: what Backstage's error handler puts into the answer.
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NotFoundError',
      code: 'stageNotFound',
      params: { stage: 'prod', project: 'checkout', instance: 'main' },
    });
    expect(reasonOf(error)).toEqual({
      code: 'stageNotFound',
      params: { stage: 'prod', project: 'checkout', instance: 'main' },
    });
  });

  it('keeps a message of its own when given one', () => {
    const error = errorWithReason(
      Error,
      { code: 'noPromotionSteps', params: { stage: 'prod' } },
      { message: 'Cannot promote: no steps' },
    );
    expect(error.message).toBe('Cannot promote: no steps');
    expect(reasonOf(error)?.code).toBe('noPromotionSteps');
  });

  it('finds no reason in errors without a known code', () => {
    expect(reasonOf(new Error('plain'))).toBeUndefined();
    expect(
      reasonOf(Object.assign(new Error('socket'), { code: 'ECONNRESET' })),
    ).toBeUndefined();
    expect(reasonOf(undefined)).toBeUndefined();
    // Names every object inherits are no codes.
    for (const code of ['constructor', 'toString', '__proto__']) {
      expect(
        reasonOf(Object.assign(new Error('x'), { code, params: {} })),
      ).toBeUndefined();
    }
  });

  it('words Git provider failures, the reset time in UTC', () => {
    expect(
      reasonMessage({
        code: 'gitRateLimited',
        params: {
          provider: 'GitHub',
          host: 'github.com',
          resetTime: '2026-12-01T14:05:00.000Z',
        },
      }),
    ).toBe('GitHub github.com: rate limited until 14:05 UTC');
    expect(
      reasonMessage({
        code: 'gitUnauthorized',
        params: { provider: 'GitLab', host: 'gitlab.example.com' },
      }),
    ).toBe(
      'GitLab rejected the credentials of the integration gitlab.example.com (401); check its entry under integrations in the app config',
    );
  });
});
