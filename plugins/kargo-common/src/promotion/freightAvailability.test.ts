import type { Freight, Stage } from '../types';
import {
  freightAlias,
  isFreightAvailableToStage,
  resolveFreight,
} from './freightAvailability';

const warehouse = { kind: 'Warehouse', name: 'checkout' };

function freight(name: string, extra: Partial<Freight> = {}): Freight {
  return {
    metadata: { name, namespace: 'checkout' },
    origin: warehouse,
    ...extra,
  };
}

function stage(
  name: string,
  sources: Record<string, unknown>,
  origin = warehouse,
): Stage {
  return {
    metadata: { name, namespace: 'checkout' },
    spec: { requestedFreight: [{ origin, sources }] },
  };
}

describe('resolveFreight', () => {
  const list = [
    freight('aaa111', { alias: 'mighty-eagle' }),
    freight('bbb222', {
      metadata: {
        name: 'bbb222',
        labels: { 'kargo.akuity.io/alias': 'lazy-cat' },
      },
    }),
    // A name that equals another Freight's alias: the name wins, as in Kargo.
    freight('mighty-eagle'),
  ];

  it.each([
    ['aaa111', 'aaa111', 'name'],
    ['lazy-cat', 'bbb222', 'alias'],
    ['mighty-eagle', 'mighty-eagle', 'name'],
    ['  bbb222 ', 'bbb222', 'name'],
  ])('resolves %j to %s by %s', (input, expected, matchedBy) => {
    const result = resolveFreight(list, input, 'checkout');
    expect(result.freight?.metadata?.name).toBe(expected);
    expect(result.matchedBy).toBe(matchedBy);
  });

  it('explains an unknown name or alias, as a reason code and in English', () => {
    expect(resolveFreight(list, 'nope', 'checkout')).toEqual({
      error: 'No Freight named or aliased "nope" in project checkout',
      reason: {
        code: 'freightNotFound',
        params: { freight: 'nope', project: 'checkout' },
      },
    });
    expect(resolveFreight(list, ' ', 'checkout')).toMatchObject({
      error: expect.stringMatching(/No Freight given/),
      reason: { code: 'freightNotGiven', params: { project: 'checkout' } },
    });
  });

  it('reads the alias from the field, else from the label', () => {
    expect(freightAlias(list[0])).toBe('mighty-eagle');
    expect(freightAlias(list[1])).toBe('lazy-cat');
    expect(freightAlias(list[2])).toBeUndefined();
  });
});

describe('isFreightAvailableToStage', () => {
  it('makes any Freight of the origin available to a direct Stage', () => {
    const result = isFreightAvailableToStage(
      freight('f1'),
      stage('dev', { direct: true }),
    );
    expect(result).toEqual({
      available: true,
      reason: 'Stage "dev" takes Freight directly from Warehouse/checkout',
      code: 'directOrigin',
      params: { stage: 'dev', origin: 'Warehouse/checkout' },
    });
  });

  it('refuses Freight from an origin the Stage does not request, even if approved', () => {
    const f = freight('f1', {
      origin: { kind: 'Warehouse', name: 'other' },
      status: { approvedFor: { dev: {} } },
    });
    const result = isFreightAvailableToStage(f, stage('dev', { direct: true }));
    expect(result.available).toBe(false);
    expect(result.reason).toBe(
      'Stage "dev" does not request Freight from Warehouse/other',
    );
    expect(result).toMatchObject({
      code: 'originNotRequested',
      params: { stage: 'dev', origin: 'Warehouse/other' },
    });
  });

  it('treats a missing origin kind as Warehouse', () => {
    const f = freight('f1', { origin: { name: 'checkout' } });
    expect(
      isFreightAvailableToStage(f, stage('dev', { direct: true })).available,
    ).toBe(true);
  });

  it('needs verification in an upstream Stage', () => {
    const s = stage('prod', { stages: ['staging', 'qa'] });
    const unverified = isFreightAvailableToStage(
      freight('f1', { alias: 'lazy-cat', status: { verifiedIn: { dev: {} } } }),
      s,
    );
    expect(unverified).toEqual({
      available: false,
      reason:
        'Freight "lazy-cat" must be verified in at least one upstream Stage (staging, qa) to be available to Stage "prod"',
      code: 'notVerifiedInAny',
      params: {
        freight: 'lazy-cat',
        stage: 'prod',
        upstream: ['staging', 'qa'],
      },
    });
    const verified = isFreightAvailableToStage(
      freight('f1', { status: { verifiedIn: { qa: {} } } }),
      s,
    );
    expect(verified).toEqual({
      available: true,
      reason: 'Freight "f1" is verified in qa',
      code: 'verifiedUpstream',
      params: { freight: 'f1', stages: ['qa'] },
    });
  });

  describe('with requiredSoakTime', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    const ago = (minutes: number) =>
      new Date(now - minutes * 60_000).toISOString();
    const prod = stage('prod', {
      stages: ['uat'],
      requiredSoakTime: '1h30m0s',
    });

    it('refuses Freight verified upstream that has not soaked long enough, saying how long it has', () => {
      const young = freight('f1', {
        status: {
          verifiedIn: { uat: { verifiedAt: ago(10) } },
          currentlyIn: { uat: { since: ago(12) } },
        },
      });
      expect(isFreightAvailableToStage(young, prod, now)).toEqual({
        available: false,
        reason:
          'Freight "f1" must soak 1h 30m in its upstream Stages to be available to Stage "prod"; so far 12m in uat',
        code: 'soaking',
        params: {
          freight: 'f1',
          stage: 'prod',
          soakMs: 90 * 60_000,
          soaking: ['uat'],
          soakedMs: [12 * 60_000],
        },
      });
    });

    it.each([
      [
        'it has been in the upstream Stage long enough',
        { verifiedIn: { uat: {} }, currentlyIn: { uat: { since: ago(120) } } },
      ],
      [
        'it was verified there long enough ago',
        { verifiedIn: { uat: { verifiedAt: ago(95) } } },
      ],
      [
        'its recorded longest soak there is long enough',
        { verifiedIn: { uat: { longestSoak: '2h0m0s' } } },
      ],
    ])('makes it available once %s', (_, status) => {
      expect(
        isFreightAvailableToStage(freight('f1', { status }), prod, now),
      ).toEqual({
        available: true,
        reason: 'Freight "f1" is verified in uat',
        code: 'verifiedUpstream',
        params: { freight: 'f1', stages: ['uat'] },
      });
    });

    it('lets approval for the Stage skip the soak', () => {
      const approved = freight('f1', {
        status: {
          verifiedIn: { uat: { verifiedAt: ago(1) } },
          approvedFor: { prod: {} },
        },
      });
      expect(isFreightAvailableToStage(approved, prod, now).available).toBe(
        true,
      );
    });

    it('still needs the verification itself', () => {
      const never = freight('f1', {
        status: { currentlyIn: { uat: { since: ago(600) } } },
      });
      expect(isFreightAvailableToStage(never, prod, now).reason).toBe(
        'Freight "f1" must be verified in at least one upstream Stage (uat) to be available to Stage "prod"',
      );
    });
  });

  it('needs verification in every upstream Stage with availabilityStrategy All', () => {
    const s = stage('prod', {
      stages: ['staging', 'qa'],
      availabilityStrategy: 'All',
    });
    const partly = freight('f1', { status: { verifiedIn: { qa: {} } } });
    expect(isFreightAvailableToStage(partly, s)).toEqual({
      available: false,
      reason:
        'Freight "f1" must be verified in all upstream Stages (staging, qa) to be available to Stage "prod"',
      code: 'notVerifiedInAll',
      params: { freight: 'f1', stage: 'prod', upstream: ['staging', 'qa'] },
    });
    const fully = freight('f1', {
      status: { verifiedIn: { qa: {}, staging: {} } },
    });
    expect(isFreightAvailableToStage(fully, s).available).toBe(true);
  });

  it('lets Freight approved for the Stage skip the upstream Stages', () => {
    const f = freight('f1', { status: { approvedFor: { prod: {} } } });
    expect(
      isFreightAvailableToStage(f, stage('prod', { stages: ['staging'] })),
    ).toEqual({
      available: true,
      reason: 'Freight "f1" is approved for Stage "prod"',
      code: 'freightApproved',
      params: { freight: 'f1', stage: 'prod' },
    });
  });

  it('refuses Freight of another project', () => {
    const f = freight('f1', {
      metadata: { name: 'f1', namespace: 'payments' },
    });
    const result = isFreightAvailableToStage(f, stage('dev', { direct: true }));
    expect(result.available).toBe(false);
    expect(result.reason).toMatch(/belongs to project "payments"/);
    expect(result).toMatchObject({
      code: 'freightOtherProject',
      params: { freight: 'f1', freightProject: 'payments' },
    });
  });

  it('refuses when the Stage lists no sources for the origin', () => {
    const result = isFreightAvailableToStage(freight('f1'), stage('dev', {}));
    expect(result.available).toBe(false);
    expect(result.reason).toMatch(/upstream Stage \(none\)/);
  });
});
