import type { Promotion } from '../types';
import {
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
