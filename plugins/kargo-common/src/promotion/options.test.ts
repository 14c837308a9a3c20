import type { Freight, Stage } from '../types';
import { freightOptionsOf } from './options';

const stage: Stage = {
  metadata: { name: 'prod', namespace: 'shop' },
  spec: {
    requestedFreight: [
      {
        origin: { kind: 'Warehouse', name: 'app' },
        sources: { stages: ['uat'], requiredSoakTime: '1h' },
      },
    ],
  },
};

const now = Date.parse('2026-12-01T12:00:00Z');

function freight(
  name: string,
  created: string,
  status: Freight['status'],
  warehouse = 'app',
): Freight {
  return {
    metadata: { name, namespace: 'shop', creationTimestamp: created },
    origin: { kind: 'Warehouse', name: warehouse },
    status,
  };
}

describe('freightOptionsOf', () => {
  it('lists the requested origin only, newest first, with Kargo availability', () => {
    const options = freightOptionsOf(
      stage,
      [
        freight('soaked', '2026-12-01T08:00:00Z', {
          verifiedIn: { uat: { verifiedAt: '2026-12-01T09:00:00Z' } },
        }),
        freight('soaking', '2026-12-01T10:00:00Z', {
          verifiedIn: { uat: { verifiedAt: '2026-12-01T11:30:00Z' } },
        }),
        freight('approved', '2026-12-01T11:00:00Z', {
          approvedFor: { prod: {} },
          currentlyIn: { prod: {} },
        }),
        freight('other', '2026-12-01T11:59:00Z', {}, 'other'),
      ],
      now,
    );
    expect(
      options.map(o => [o.name, o.available, o.approved, o.current]),
    ).toEqual([
      ['approved', true, true, true],
      ['soaking', false, false, false],
      ['soaked', true, false, false],
    ]);
    expect(options[1].reason).toMatch(/must soak 1h/);
  });

  it('keeps the newest `limit` Freight', () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      freight(`f${i}`, `2026-12-01T0${i}:00:00Z`, {}),
    );
    expect(freightOptionsOf(stage, many, now, 2).map(o => o.name)).toEqual([
      'f4',
      'f3',
    ]);
  });
});
