import {
  REASON_CODES,
  reasonMessage,
  type Reason,
  type ReasonCode,
  type ReasonParams,
} from './reasons';
import {
  interpolate,
  REASON_PART_TEMPLATES,
  REASON_TEMPLATES,
  templatePlaceholders,
} from './templates';
import { ENGLISH_FORMATTERS, reasonValues } from './values';

const at = '2026-11-30T10:42:07Z';
const git = { provider: 'GitHub', host: 'github.com' };
const kargo = { instance: 'main', message: 'denied' };

/** One reason of every code (the type checker wants a new code here too). */
const EXAMPLES: { [C in ReasonCode]: ReasonParams[C] } = {
  promotionRunning: { promotion: 'p-1' },
  noVerification: {},
  noFreight: {},
  notVerified: {},
  implicitVerification: {},
  verificationPending: { startTime: at },
  verificationRunning: { startTime: null },
  alreadyAborted: {},
  stageUnreadable: {},
  alreadyFinished: { phase: 'Failed' },
  freightOtherProject: { freight: 'f', freightProject: 'a', stageProject: 'b' },
  originNotRequested: { stage: 'prod', origin: 'Warehouse w' },
  freightApproved: { freight: 'f', stage: 'prod' },
  directOrigin: { stage: 'prod', origin: 'Warehouse w' },
  verifiedUpstream: { freight: 'f', stages: ['uat'] },
  soaking: {
    freight: 'f',
    stage: 'prod',
    soakMs: 3_600_000,
    soaking: ['uat', 'qa'],
    soakedMs: [600_000, 45_000],
  },
  notVerifiedInAll: { freight: 'f', stage: 'prod', upstream: ['uat'] },
  notVerifiedInAny: { freight: 'f', stage: 'prod', upstream: [] },
  freightNotGiven: { project: 'checkout' },
  freightNotFound: { freight: 'f', project: 'checkout' },
  noPromotionSteps: { stage: 'prod' },
  promotionNotFound: { promotion: 'p-1', stage: 'prod', project: 'checkout' },
  promotionOtherStage: { promotion: 'p-1', stage: 'prod' },
  promotionEnded: { promotion: 'p-1', phase: 'Succeeded' },
  pullRequestNotOfStage: { reference: 'PR #7', stage: 'prod' },
  pullRequestNotOpen: { reference: 'PR #7' },
  pullRequestWaitedOn: { reference: 'PR #7', promotion: 'p-1' },
  pullRequestFromFork: { reference: 'PR #7' },
  pullRequestNotPromotionBranch: { reference: 'PR #7', branch: 'main' },
  pullRequestBranchShared: { reference: 'PR #7', branch: 'kargo/x' },
  gitNoIntegration: { host: 'git.example.com' },
  gitRateLimited: { ...git, resetTime: at },
  gitUnreachable: { ...git, repo: 'acme/x', detail: 'ECONNRESET' },
  gitUnauthorized: git,
  gitForbidden: { ...git, repo: 'acme/x', detail: 'no access' },
  gitNotFound: { host: 'github.com', repo: 'acme/x' },
  gitConflict: { ...git, detail: 'exists' },
  gitRefused: { ...git, repo: 'acme/x', detail: 'invalid' },
  gitFailed: { ...git, repo: 'acme/x', status: 502, detail: 'Bad Gateway' },
  projectNotFound: { project: 'checkout', instance: 'main' },
  projectNotReadYet: { project: 'checkout', instance: 'main' },
  stageNotFound: { stage: 'prod', project: 'checkout', instance: 'main' },
  analysisRunNotFound: {
    analysisRun: 'ar-1',
    project: 'checkout',
    instance: 'main',
  },
  entityNotFound: { kind: 'component', namespace: 'default', name: 'shop' },
  invalidRequest: { field: 'stage', location: 'path' },
  kargoRejected: kargo,
  kargoSignInAgain: kargo,
  kargoApiTokenRejected: kargo,
  kargoForbidden: kargo,
  kargoNotFound: kargo,
  kargoConflict: kargo,
  kargoApiUnavailable: kargo,
  kargoIdentityRequired: { instance: 'main' },
  kargoApiNotConfigured: { instance: 'main' },
};

const reasons = Object.entries(EXAMPLES).map(
  ([code, params]) => ({ code, params } as Reason),
);
const unique = (names: string[]) => [...new Set(names)].sort();

describe('REASON_TEMPLATES', () => {
  it('has a template for every reason code, and no other', () => {
    expect(Object.keys(REASON_TEMPLATES).sort()).toEqual(
      Object.keys(EXAMPLES).sort(),
    );
    expect(REASON_CODES.sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it.each(reasons.map(r => [r.code, r] as const))(
    '%s: the placeholders are exactly the values its params give',
    (_, reason) => {
      expect(
        unique(templatePlaceholders(REASON_TEMPLATES[reason.code])),
      ).toEqual(unique(Object.keys(reasonValues(reason, ENGLISH_FORMATTERS))));
    },
  );

  it('fills every placeholder of the parts it words', () => {
    expect(templatePlaceholders(REASON_PART_TEMPLATES.soakedIn).sort()).toEqual(
      ['duration', 'stage'],
    );
  });
});

describe('reasonMessage', () => {
  it('is the template filled in English, times in UTC', () => {
    const messages = reasons.map(reasonMessage);
    expect(messages.filter(m => /\{\{|\}\}/.test(m))).toEqual([]);
    expect(reasonMessage({ code: 'soaking', params: EXAMPLES.soaking })).toBe(
      'Freight "f" must soak 1h in its upstream Stages to be available to Stage "prod"; so far 10m in uat, 45s in qa',
    );
    expect(
      reasonMessage({
        code: 'invalidRequest',
        params: { field: 'limit', location: 'query' },
      }),
    ).toBe("Invalid query parameter 'limit'");
    expect(
      reasonMessage({
        code: 'gitRateLimited',
        params: EXAMPLES.gitRateLimited,
      }),
    ).toBe('GitHub github.com: rate limited until 10:42 UTC');
  });

  it('fills a template with what it names, and nothing for a missing value', () => {
    expect(interpolate('{{a}} and {{b}} and {{a}}', { a: 'x' })).toBe(
      'x and  and x',
    );
  });
});
