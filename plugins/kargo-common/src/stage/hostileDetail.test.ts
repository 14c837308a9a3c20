import { freight } from '../__testUtils__/builders';
import {
  buildProjectP,
  freightSecondsApart,
  labelledRun,
  minimalDirectStage,
  stageHolding,
} from '../__testUtils__/projectBuild';
import type { AnalysisRun } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { stageObjectSizes } from './objectBudget';

// Issue 35, attack 9: details far larger than the Kargo objects a project
// member wrote within a Stage's budget (findings 2, 4 and 6).

/** A minimal run of `up`, `i` seconds in: Failed when `i` is odd. */
const run = (i: number, freightName: string, collectionId?: string) =>
  labelledRun(
    'up',
    i,
    freightName,
    i % 2 ? 'Failed' : 'Successful',
    collectionId,
  );

describe('Stage details of hostile objects (issue 35, attack 9)', () => {
  it('serves a Stage of 5,000 verifications as a detail of its newest 200, the one of the Freight it holds, and counts of all 5,000', () => {
    const R = 5_000;
    const freightList = freightSecondsApart(21);
    const held = freightList[20];
    const up = stageHolding('up', held);
    const heldId = up.status!.freightHistory![0].id!;
    // The Freight the Stage holds was verified first (a Failed run), 5,000
    // runs of other Freight ago.
    const runs = [
      run(-1, held.metadata!.name!, heldId),
      ...Array.from({ length: R }, (_, i) =>
        run(i, freightList[i % 20].metadata!.name!),
      ),
    ];
    const sizes = new JsonSizes();
    const measured = stageObjectSizes(sizes, up, [], runs);
    const objects = measured.stage + measured.analysisRuns.chars;
    const [built] = buildProjectP({
      stages: [up],
      analysisRuns: runs,
      freight: freightList,
      interner: new Interner(),
      sizes,
    });
    const { detail } = built;
    expect(detail.error).toBeNull();
    expect(detail.verifications).toHaveLength(201);
    expect(detail.verifications[200].freight?.name).toBe(held.metadata!.name);
    expect(detail.verificationPhase).toBe('Failed');
    expect(detail.verificationCounts).toEqual({
      total: R + 1,
      failed: R / 2 + 1,
      running: 0,
      successful: R / 2,
    });
    // Before: every entry, 1.4x its objects here (at 50,000 runs a 15.9 MB
    // detail of a 10.8 MB Stage).
    expect(JSON.stringify(detail).length).toBeLessThan(objects / 5);
  });

  it('lists at most 50 failed metrics (64 KB) of one unlabelled AnalysisRun in the detail of each of 20 Stages whose status names it', () => {
    const S = 20;
    const M = 2_000;
    const f0 = freight('p', 'w', 'seed0', 'a0');
    const status = {
      freightHistory: [
        {
          id: 'c1',
          items: {
            'Warehouse/w': {
              name: f0.metadata!.name,
              origin: { kind: 'Warehouse', name: 'w' },
            },
          },
          verificationHistory: [
            {
              id: 'v1',
              phase: 'Failed',
              analysisRun: { name: 'shared', namespace: 'p' },
              startTime: '2026-12-01T00:00:00Z',
            },
          ],
        },
      ],
    };
    const stages = Array.from({ length: S }, (_, i) =>
      minimalDirectStage(`s${i}`, { status }),
    );
    // No stage label: a member creates it so (analysisruns create). The
    // successful metrics come first; failed ones carry long messages.
    const shared = {
      metadata: { name: 'shared', namespace: 'p' },
      status: {
        phase: 'Failed',
        startedAt: '2026-12-01T00:00:00Z',
        metricResults: Array.from({ length: M }, (_, i) => ({
          name: `m${i}`,
          phase: i < 100 ? 'Successful' : 'Failed',
          measurements: [
            { phase: 'Failed', value: '1', message: 'x'.repeat(1_500) },
          ],
        })),
      },
    } as unknown as AnalysisRun;
    const sizes = new JsonSizes();
    const runChars = sizes.of(shared);
    const built = buildProjectP({
      stages,
      freight: [f0],
      analysisRuns: [shared],
      interner: new Interner(),
      sizes,
    });
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    for (const { detail } of built) {
      const [entry] = detail.verifications;
      expect(entry.metrics.length).toBeGreaterThan(10);
      expect(entry.metrics.length).toBeLessThanOrEqual(50);
      expect(entry.metrics.every(m => m.phase === 'Failed')).toBe(true);
      expect(JSON.stringify(entry.metrics).length).toBeLessThanOrEqual(65_536);
      // Counted, as get-stage and notifications tell them.
      expect(entry.unlistedFailedMetrics).toBe(M - 100 - entry.metrics.length);
    }
    // Before: each of the 20 details kept all 2,000 metrics, together 20
    // times the run (at 300 Stages and 7,000 metrics 515 MB of details).
    const details = built.reduce(
      (sum, b) => sum + JSON.stringify(b.detail).length,
      0,
    );
    expect(details).toBeLessThan(runChars / 2);
  });

  it("names at most 10 of a Stage's 20,000 upstream Stages in the reason and params of each of its 20 Freight options", () => {
    const U = 20_000;
    const big = minimalDirectStage('big');
    big.spec!.requestedFreight![0].sources = {
      stages: Array.from({ length: U }, (_, i) => `u${i}`),
    } as never;
    const sizes = new JsonSizes();
    const stageChars = sizes.of(big);
    const [built] = buildProjectP({
      stages: [big],
      freight: freightSecondsApart(20),
      interner: new Interner(),
      sizes,
    });
    const { detail } = built;
    expect(detail.error).toBeNull();
    expect(detail.freightOptions).toHaveLength(20);
    for (const option of detail.freightOptions!) {
      expect(option.reason).toContain(
        '(u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, 19990 more)',
      );
      expect(option.params).toMatchObject({ upstreamMore: U - 10 });
      expect((option.params as { upstream: string[] }).upstream).toHaveLength(
        10,
      );
    }
    // The pipeline reads the first 300 of them.
    expect(detail.requestedFreight![0].stages).toHaveLength(300);
    // Before: 30 times the Stage (at 100,000 names a 32.9 MB detail of a
    // 0.85 MB Stage).
    expect(JSON.stringify(detail).length).toBeLessThan(stageChars / 5);
  });
});
