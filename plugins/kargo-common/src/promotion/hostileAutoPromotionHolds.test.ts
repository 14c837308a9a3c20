import { buildProjectP } from '../__testUtils__/projectBuild';
import { toStageSummary } from '../stage/detail';
import type { Stage } from '../types';

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
// CURRENT (bad) behaviour: a 1.5 MB Stage (1,498,842 characters) of 20,000
// holds makes a 2.06 MB summary, larger than the Stage (each hold ~100
// characters), and one hold's 1.4 MB actor is in the summary whole. The
// summary is what /snapshot (the catalog's one read of every instance and
// project, one `res.json`), the project Stage list and the entity route
// serve for every Stage: the ~350 such Stages the 512 Mi project budget
// takes are ~740 MB of summaries, past V8's longest string (~537 M
// characters), so /snapshot fails for every project of every instance.

const HOLDS = 20_000;

function stageWithHolds(holds: Record<string, unknown>): Stage {
  return {
    metadata: { name: 's', namespace: 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: 'w' },
          sources: { direct: true },
        },
      ],
    },
    status: { autoPromotionHolds: holds },
  } as unknown as Stage;
}

describe('auto-promotion holds a project member writes (attack 13)', () => {
  it('serves each of 20,000 holds of a 1.5 MB Stage in its summary, which outgrows the Stage', () => {
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
    expect(summary.autoPromotion!.holds).toHaveLength(HOLDS);
    const summaryChars = JSON.stringify(summary).length;
    process.stdout.write(
      `Stage ${stageChars} chars, summary ${summaryChars} chars\n`,
    );
    // A list-view entry larger than the whole Stage object it shows.
    expect(summaryChars).toBeGreaterThan(stageChars);
    expect(summaryChars).toBeGreaterThan(2_000_000);
  });

  it("serves a Stage's 1.4 MB health status whole in its summary (another unbounded summary field)", () => {
    const stage = stageWithHolds({});
    (stage.status as Record<string, unknown>).health = {
      status: 'H'.repeat(1_400_000),
    };
    const [built] = buildProjectP({ stages: [stage] });
    expect(toStageSummary(built.detail).health).toHaveLength(1_400_000);
  });

  it("serves a hold's 1.4 MB actor whole in the Stage's summary", () => {
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
    expect(summary.autoPromotion!.holds[0].actor).toHaveLength(1_400_000);
    expect(JSON.stringify(summary).length).toBeGreaterThan(1_400_000);
  });
});
