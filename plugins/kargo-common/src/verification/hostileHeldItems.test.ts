import {
  buildProjectP,
  labelledRun,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import type { AnalysisRun } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { stageObjectSizes } from '../stage/objectBudget';
import type { ProjectLists } from '../stage/project';
import { MAX_HELD_FREIGHT, MAX_SHOWN_VERIFICATIONS } from './shownHistory';

// Issue 35, attack 11: shownVerificationsOf keeps, past the newest 200
// entries, the newest entry and the newest Successful entry of each Freight
// the Stage "holds": the items of its 10 newest freight collections. A
// collection's `items` is a map a project member writes (stages/status,
// which kargo-project-admin may grant itself), with no limit on its keys,
// and a run names its Freight by its own `kargo.akuity.io/freight` label:
// every run was "held" and the 200 cap gone (10,000 entries shown). The
// Stage now holds at most MAX_HELD_FREIGHT Freight, its current
// collection's first.

function build(lists: Partial<ProjectLists>, sizes = new JsonSizes()) {
  return buildProjectP({ interner: new Interner(), sizes, ...lists });
}

describe('verification history of hostile statuses (issue 35, attack 11)', () => {
  it('shows at most 200 + 2 x 100 + 1 of 10,000 verifications when the current collection names their 5,000 Freight as items', () => {
    const F = 5_000;
    const items: Record<string, { name: string }> = {};
    for (let i = 0; i < F; i++) items[`Warehouse/w${i}`] = { name: `f${i}` };
    const up = minimalDirectStage('up', {
      status: { freightHistory: [{ id: 'c0', items }] },
    });
    // Each held Freight: verified (Successful), then re-verified (Failed).
    const runs: AnalysisRun[] = [];
    for (let i = 0; i < F; i++) {
      runs.push(labelledRun('up', 2 * i, `f${i}`, 'Successful'));
      runs.push(labelledRun('up', 2 * i + 1, `f${i}`, 'Failed'));
    }
    const sizes = new JsonSizes();
    const measured = stageObjectSizes(sizes, up, [], runs);
    const objects = measured.stage + measured.analysisRuns.chars;
    const [{ detail }] = build({ stages: [up], analysisRuns: runs }, sizes);
    const detailChars = JSON.stringify(detail).length;
    // eslint-disable-next-line no-console
    console.log(
      `held items: ${F} items, ${runs.length} runs, objects ${objects} chars, ` +
        `detail ${detailChars} chars, ${detail.verifications.length} entries shown`,
    );
    expect(detail.error).toBeNull();
    // It was every entry (50 times the cap). Now the newest 200, and the
    // newest entry and newest Successful one of each of the first 100 items
    // (in Kargo's sorted order), none of them among the newest.
    expect(detail.verifications.length).toBeLessThanOrEqual(
      MAX_SHOWN_VERIFICATIONS + 2 * MAX_HELD_FREIGHT + 1,
    );
    expect(detail.verifications).toHaveLength(
      MAX_SHOWN_VERIFICATIONS + 2 * MAX_HELD_FREIGHT,
    );
    // The first item's Freight keeps both (akuity/kargo#5144 warnings).
    expect(
      detail.verifications
        .filter(v => v.freight?.name === 'f0')
        .map(v => v.phase),
    ).toEqual(['Failed', 'Successful']);
    // The fix of attack 9 made such a detail a fifth of its objects at most
    // (hostileDetail.test.ts); it was larger than the objects.
    expect(detailChars).toBeLessThan(objects / 5);
  });
});
