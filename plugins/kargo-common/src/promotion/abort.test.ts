import type { Promotion, Stage } from '../types';
import {
  abortablePromotionOf,
  decidePromotionAbort,
  hasAbortRequest,
  promotionAbortAnnotation,
} from './abort';

const promotion = (stage: string, phase?: string): Promotion => ({
  metadata: { name: `${stage}.01j.abc1234`, namespace: 'payments' },
  spec: { stage, freight: 'abc1234', steps: [] },
  ...(phase ? { status: { phase } } : {}),
});

describe('decidePromotionAbort', () => {
  it('allows a Pending, Running or not yet started Promotion of the Stage', () => {
    for (const phase of [undefined, 'Pending', 'Running']) {
      expect(decidePromotionAbort(promotion('uat', phase), 'uat')).toEqual({
        allowed: true,
      });
    }
  });

  it('refuses a Promotion of another Stage, naming both', () => {
    expect(decidePromotionAbort(promotion('prod', 'Running'), 'uat')).toEqual({
      allowed: false,
      reason: 'Promotion prod.01j.abc1234 does not promote into Stage uat',
      code: 'promotionOtherStage',
      params: { promotion: 'prod.01j.abc1234', stage: 'uat' },
    });
  });

  it('refuses a Promotion that has ended, with its phase', () => {
    for (const phase of ['Succeeded', 'Failed', 'Errored', 'Aborted']) {
      const decision = decidePromotionAbort(promotion('uat', phase), 'uat');
      expect(decision.allowed).toBe(false);
      expect(!decision.allowed && decision.reason).toContain(
        `has already ended (${phase})`,
      );
      expect(decision).toMatchObject({
        code: 'promotionEnded',
        params: { promotion: 'uat.01j.abc1234', phase },
      });
    }
  });
});

describe('promotionAbortAnnotation', () => {
  it("writes Kargo's AbortPromotionRequest with the actor", () => {
    expect(promotionAbortAnnotation('user:default/alice')).toEqual({
      'kargo.akuity.io/abort':
        '{"action":"terminate","actor":"user:default/alice"}',
    });
    expect(promotionAbortAnnotation()).toEqual({
      'kargo.akuity.io/abort': '{"action":"terminate"}',
    });
  });

  it('is recognised as a pending abort request', () => {
    const p = promotion('uat', 'Running');
    expect(hasAbortRequest(p)).toBe(false);
    p.metadata!.annotations = promotionAbortAnnotation('user:default/bob');
    expect(hasAbortRequest(p)).toBe(true);
  });
});

describe('abortablePromotionOf', () => {
  const made = (
    name: string,
    stage: string,
    phase: string | undefined,
    minute: number,
  ): Promotion => ({
    metadata: {
      name,
      namespace: 'payments',
      creationTimestamp: `2026-12-01T10:${String(minute).padStart(2, '0')}:00Z`,
    },
    spec: { stage, freight: 'abc1234', steps: [] },
    ...(phase ? { status: { phase } } : {}),
  });
  const stage = (current?: string): Stage => ({
    metadata: { name: 'uat', namespace: 'payments' },
    spec: {},
    ...(current ? { status: { currentPromotion: { name: current } } } : {}),
  });
  const list = [
    made('uat.old', 'uat', 'Succeeded', 1),
    made('uat.queued', 'uat', 'Pending', 5),
    made('uat.running', 'uat', 'Running', 3),
    made('prod.running', 'prod', 'Running', 9),
  ];

  it("is the Stage's currentPromotion", () => {
    expect(abortablePromotionOf(stage('uat.queued'), list)).toBe('uat.queued');
    // Not listed yet (the list lags): still the one Kargo runs.
    expect(abortablePromotionOf(stage('uat.new'), list)).toBe('uat.new');
  });

  it("without one, the Running Promotion of the Stage before a queued one, never another Stage's", () => {
    expect(abortablePromotionOf(stage(), list)).toBe('uat.running');
    expect(abortablePromotionOf(stage(), list.slice(0, 2))).toBe('uat.queued');
    // currentPromotion that the list shows ended: the status lags.
    expect(abortablePromotionOf(stage('uat.old'), list.slice(0, 2))).toBe(
      'uat.queued',
    );
  });

  it('is the newest of several that have not ended', () => {
    expect(
      abortablePromotionOf(stage(), [
        made('uat.a', 'uat', 'Running', 2),
        made('uat.b', 'uat', 'Running', 7),
        made('uat.c', 'uat', undefined, 8),
      ]),
    ).toBe('uat.b');
  });

  it('is null when nothing of the Stage runs or waits', () => {
    expect(abortablePromotionOf(stage(), [list[0], list[3]])).toBeNull();
    expect(abortablePromotionOf(stage(), [])).toBeNull();
  });
});
