import type { FreightOption, Stage } from '../types';
import { autoPromotionEffectOf, autoPromotionOf } from './autoPromotion';

const hold = {
  freightName: 'f-old',
  origin: { kind: 'Warehouse', name: 'checkout' },
  promotionName: 'dev.01jhold.f-old',
  actor: 'email:alice@acme.example',
  createdAt: '2026-12-04T10:00:00Z',
};
const stage = (status: Stage['status']): Stage =>
  ({ metadata: { name: 'dev', namespace: 'checkout' }, status } as Stage);

const option = (
  name: string,
  available: boolean,
  origin = 'Warehouse/checkout',
): FreightOption =>
  ({
    name,
    alias: `${name}-alias`,
    origin,
    createdAt: null,
    available,
    reason: null,
    code: null,
    params: {},
    approved: false,
    current: false,
  } as unknown as FreightOption);

describe('autoPromotionOf', () => {
  it('reads whether Kargo auto-promotes and the holds in effect: origin, since when, set by which Promotion', () => {
    expect(
      autoPromotionOf(
        stage({
          autoPromotionEnabled: true,
          autoPromotionHolds: { 'Warehouse/stale': hold },
          effectiveAutoPromotionHolds: { 'Warehouse/checkout': hold },
        }),
      ),
    ).toEqual({
      enabled: true,
      holds: [
        {
          origin: 'Warehouse/checkout',
          warehouse: 'checkout',
          freight: 'f-old',
          promotion: 'dev.01jhold.f-old',
          actor: 'email:alice@acme.example',
          since: '2026-12-04T10:00:00Z',
        },
      ],
    });
  });

  it('falls back to the durable holds when Kargo wrote no effective ones, and says off for a Stage without the fields', () => {
    expect(
      autoPromotionOf(
        stage({ autoPromotionHolds: { 'Warehouse/checkout': {} } }),
      ).holds,
    ).toEqual([
      {
        origin: 'Warehouse/checkout',
        warehouse: 'checkout',
        freight: null,
        promotion: null,
        actor: null,
        since: null,
      },
    ]);
    expect(autoPromotionOf(stage(undefined))).toEqual({
      enabled: false,
      holds: [],
    });
  });
});

describe('autoPromotionEffectOf', () => {
  const on = { enabled: true, holds: [] };
  const options = [
    option('f-new-unverified', false),
    option('f-candidate', true),
    option('f-older', true),
    option('f-other', true, 'Warehouse/charts'),
  ];

  it('holds when a person promotes other Freight than the newest available of its origin', () => {
    expect(autoPromotionEffectOf(on, options, 'f-older')).toEqual({
      effect: 'hold',
      origin: 'Warehouse/checkout',
      candidate: options[1],
    });
  });

  it("resumes when the promoted Freight is the origin's candidate (per origin)", () => {
    expect(autoPromotionEffectOf(on, options, 'f-candidate')?.effect).toBe(
      'resume',
    );
    expect(autoPromotionEffectOf(on, options, 'f-other')?.effect).toBe(
      'resume',
    );
  });

  it('holds when the origin has no candidate yet, and does nothing when auto-promotion is off', () => {
    expect(autoPromotionEffectOf(on, [option('f-x', false)], 'f-x')).toEqual({
      effect: 'hold',
      origin: 'Warehouse/checkout',
      candidate: null,
    });
    expect(
      autoPromotionEffectOf({ enabled: false, holds: [] }, options, 'f-older'),
    ).toBeNull();
    expect(autoPromotionEffectOf(undefined, options, 'f-older')).toBeNull();
  });
});

describe('buildStageDetail: auto-promotion', () => {
  it('says a Stage auto-promotes and what holds it; a Stage without either carries nothing', () => {
    const { buildStageDetail } = jest.requireActual('../stage/detail');
    const held = buildStageDetail({
      instance: 'production',
      stage: stage({
        autoPromotionEnabled: true,
        effectiveAutoPromotionHolds: { 'Warehouse/checkout': hold },
      }),
    });
    expect(held.autoPromotion).toEqual({
      enabled: true,
      holds: [expect.objectContaining({ promotion: 'dev.01jhold.f-old' })],
    });
    expect(
      buildStageDetail({ instance: 'production', stage: stage({}) }),
    ).not.toHaveProperty('autoPromotion', expect.anything());
  });
});
