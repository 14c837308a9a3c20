import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import { toStageSummary } from '../stage/detail';
import { MAX_AUTO_PROMOTION_HOLDS } from '../stage/boundedStage';
import type { Stage } from '../types';
import { MAX_ENTRY_ACTOR } from '../verification/entryText';

// Issue 35, attack 13. A Stage's auto-promotion holds
// (`status.effectiveAutoPromotionHolds`, else `status.autoPromotionHolds`,
// which Kargo keeps and copies into the effective map each reconciliation)
// are read whole by autoPromotionOf: every entry of the map becomes a hold
// of the Stage's detail AND of its summary (toStageSummary), sorted with
// localeCompare on every build, and each hold's actor, Freight, Promotion
// and time are served unclipped. Kargo writes one hold per origin the Stage
// requests; a project member writing stages/status writes as many as etcd
// stores in one object (1.5 MiB), each valid for Kargo's CRD (freightName
// and origin {kind: Warehouse, name} required, any string).
//
// A 1.5 MB Stage of 20,000 holds made a 2.06 MB summary (larger than the
// Stage), and one hold's 1.4 MB actor was in it whole; the summary is what
// /snapshot (the catalog's one read of every instance and project), the
// project Stage list and the entity route serve for every Stage. Now a
// Stage's smallest 50 holds are read (MAX_AUTO_PROMOTION_HOLDS), their
// texts clipped as a verification's are, and the health status at 64.

const HOLDS = 20_000;

function stageWithHolds(holds: Record<string, unknown>): Stage {
  return minimalDirectStage('s', { status: { autoPromotionHolds: holds } });
}

describe('auto-promotion holds a project member writes (attack 13)', () => {
  it('serves 50 of 20,000 holds of a 1.5 MB Stage in its summary, which stays far smaller than the Stage (it served all, 2 MB)', () => {
    const holds: Record<string, unknown> = {};
    for (let i = 0; i < HOLDS; i++) {
      holds[`Warehouse/${i.toString(36)}`] = {
        freightName: '',
        origin: { kind: 'Warehouse', name: '' },
      };
    }
    const stage = stageWithHolds(holds);
    const stageChars = JSON.stringify(stage).length;
    expect(stageChars).toBeLessThan(1.5 * 2 ** 20);

    const [built] = buildProjectP({ stages: [stage] });
    const summary = toStageSummary(built.detail);
    expect(summary.autoPromotion!.holds).toHaveLength(MAX_AUTO_PROMOTION_HOLDS);
    // The smallest origins, in order.
    expect(summary.autoPromotion!.holds[0].origin).toBe('Warehouse/0');
    const summaryChars = JSON.stringify(summary).length;
    process.stdout.write(
      `Stage ${stageChars} chars, summary ${summaryChars} chars\n`,
    );
    expect(summaryChars).toBeLessThan(20_000);
  });

  it("clips a Stage's 1.4 MB health status in its summary to 64 characters", () => {
    const stage = stageWithHolds({});
    (stage.status as Record<string, unknown>).health = {
      status: 'H'.repeat(1_400_000),
    };
    const [built] = buildProjectP({ stages: [stage] });
    expect(toStageSummary(built.detail).health).toHaveLength(64);
  });

  it("clips a hold's 1.4 MB actor in the Stage's summary", () => {
    const actor = 'a'.repeat(1_400_000);
    const stage = stageWithHolds({
      'Warehouse/w': {
        freightName: 'f',
        origin: { kind: 'Warehouse', name: 'w' },
        actor,
      },
    });
    expect(JSON.stringify(stage).length).toBeLessThan(1.5 * 2 ** 20);

    const [built] = buildProjectP({ stages: [stage] });
    const summary = toStageSummary(built.detail);
    expect(summary.autoPromotion!.holds[0].actor).toHaveLength(MAX_ENTRY_ACTOR);
    expect(summary.autoPromotion!.holds[0].freight).toBe('f');
    expect(JSON.stringify(summary).length).toBeLessThan(5_000);
  });
});
