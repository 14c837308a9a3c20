import { autoPromotionOf } from '../promotion/autoPromotion';
import type { Stage } from '../types';
import {
  collectionsOfStage,
  MAX_COLLECTION_RECORDS,
  MAX_STATUS_COLLECTIONS,
} from '../verification/collections';
import { boundedStage, MAX_AUTO_PROMOTION_HOLDS } from './boundedStage';

const origin = { kind: 'Warehouse', name: 'w' };
const stageWith = (status: unknown): Stage =>
  ({ metadata: { name: 's', namespace: 'p' }, status } as unknown as Stage);

const collection = (c: number, records: number, items: number) => ({
  id: `c${c}`,
  items: Object.fromEntries(
    Array.from({ length: items }, (_, i) => [
      `Warehouse/w${String(items - i).padStart(6, '0')}`,
      { name: `f${c}-${i}`, origin },
    ]),
  ),
  verificationHistory: Array.from({ length: records }, (_, r) => ({
    id: `v${c}-${r}`,
    phase: 'Successful',
  })),
});

describe('boundedStage', () => {
  it.each([
    ['a status as Kargo writes it', { freightHistory: [collection(0, 3, 1)] }],
    [
      'collections, records and items past every bound',
      {
        freightHistory: Array.from({ length: 150 }, (_, c) =>
          collection(c, c === 0 ? 500 : 2, c === 1 ? 400 : 1),
        ),
      },
    ],
    [
      'junk among the collections and records',
      {
        freightHistory: [
          'junk',
          null,
          {
            ...collection(0, 2, 2),
            verificationHistory: [1, 'x', { id: 'v' }],
          },
          ...Array.from({ length: 120 }, (_, c) => collection(c + 1, 1, 1)),
        ],
      },
    ],
    [
      'the v0.7 layout',
      {
        currentFreight: {
          name: 'f',
          verificationHistory: Array.from({ length: 300 }, (_, r) => ({
            id: `l${r}`,
          })),
        },
        history: Array.from({ length: 200 }, (_, h) => ({
          name: `h${h}`,
          verificationInfo: { id: `i${h}` },
        })),
      },
    ],
    ['no status at all', undefined],
  ])('reads the same collections as the Stage of %s', (_, status) => {
    const stage = stageWith(status);
    expect(collectionsOfStage(boundedStage(stage))).toEqual(
      collectionsOfStage(stage),
    );
  });

  it("keeps a map's keys a reader reads at most, however many are written (a list is read to its bound)", () => {
    const stage = stageWith({
      freightHistory: Array.from({ length: 150 }, () =>
        collection(0, 500, 500),
      ),
    });
    const status = boundedStage(stage).status as {
      freightHistory: Array<{ items: object; verificationHistory: object[] }>;
    };
    expect(status.freightHistory).toHaveLength(MAX_STATUS_COLLECTIONS);
    for (const fc of status.freightHistory) {
      expect(Object.keys(fc.items)).toHaveLength(MAX_COLLECTION_RECORDS);
      expect(fc.verificationHistory).toHaveLength(500);
    }
  });

  it('reads the same auto-promotion holds, up to the smallest 50 origins', () => {
    const holds = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          `Warehouse/w${String(n - i).padStart(4, '0')}`,
          { freightName: `f${i}`, origin },
        ]),
      );
    const few = stageWith({ autoPromotionHolds: holds(3) });
    expect(autoPromotionOf(boundedStage(few))).toEqual(autoPromotionOf(few));
    const many = stageWith({ effectiveAutoPromotionHolds: holds(500) });
    const shown = autoPromotionOf(boundedStage(many)).holds;
    expect(shown).toHaveLength(MAX_AUTO_PROMOTION_HOLDS);
    expect(shown).toEqual(
      autoPromotionOf(many).holds.slice(0, MAX_AUTO_PROMOTION_HOLDS),
    );
  });

  it('leaves the listed Stage as it was', () => {
    const stage = stageWith({ freightHistory: [collection(0, 300, 300)] });
    const before = JSON.stringify(stage);
    boundedStage(stage);
    expect(JSON.stringify(stage)).toBe(before);
  });
});
