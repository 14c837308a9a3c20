import {
  buildProjectP,
  countingReads,
  freightSecondsApart,
  stageHolding,
} from '../__testUtils__/projectBuild';
import { freight } from '../__testUtils__/builders';
import type { Freight } from '../types';
import { JsonSizes } from '../util/jsonSize';
import type { ProjectVerdict } from '../stage/budgetVerdicts';
import { ProjectIndexes } from '../stage/projectIndexes';
import { MAX_ARTIFACTS, MAX_ARTIFACTS_READ } from './freightDiff';

// Issue 35, attack 15. A Freight's artifacts are shown capped
// (shownArtifacts: 100 of each kind), but the "what promoting this would
// change" diff of every Freight option (freightOptionsOf -> freightDiff ->
// changesOf) maps the WHOLE images/commits/charts lists of both the Stage's
// current Freight and the option into dictionaries before capping what it
// outputs at 100 changes. Its output is capped, so the Stage's artifact
// text budget (MAX_ARTIFACT_TEXT) never runs out: all 20 options diff.
// The current Freight is one object shared by every Stage holding it: a
// project member's Freight of 40,000 images (1.1 MB, under etcd's limit)
// promoted to S Stages is read 20 times per Stage per build, and a Freight
// event rebuilds every Stage of the project (the same objects, kept
// indexes): 20 x S x 40,000 entries per event, from one 1.1 MB object.
// Now each artifact list is read to MAX_ARTIFACTS_READ (200) entries.

const IMAGES = 40_000;
const STAGES = 5;
const OPTIONS = 20;

describe("a Freight's artifact lists a project member writes (attack 15)", () => {
  it('reads at most 200 of 40,000 images of the current Freight per Freight option (20) for each Stage holding it (it read all 40,000 each time)', () => {
    const current = freight('p', 'w', 'big', 'big');
    current.metadata!.creationTimestamp = '2025-01-01T00:00:00Z';
    // The Stages' status references keep their own small copy.
    const stages = Array.from({ length: STAGES }, (_, k) =>
      stageHolding(`s${k}`, current),
    );
    const images = countingReads(
      Array.from({ length: IMAGES }, (_, i) => ({
        repoURL: `r/${i.toString(36)}`,
        tag: '1',
      })),
    );
    const big: Freight = { ...current, images: images.list } as Freight;
    expect(JSON.stringify(big).length).toBeLessThan(1.5 * 2 ** 20);
    // 20 newer Freight of the same Warehouse: the Stages' options.
    const options = freightSecondsApart(OPTIONS);
    const kept = {
      indexes: new ProjectIndexes(),
      sizes: new JsonSizes(),
      projectVerdict: {} as ProjectVerdict,
    };
    const lists = { stages, freight: [...options, big], ...kept };

    const built = buildProjectP(lists);
    for (const b of built) {
      expect(b.detail.error).toBeNull();
      expect(b.detail.currentFreight?.name).toBe(big.metadata!.name);
      expect(b.detail.freightOptions).toHaveLength(OPTIONS);
      // What is served stays capped...
      expect(b.detail.currentFreight?.images.length).toBe(MAX_ARTIFACTS);
      for (const o of b.detail.freightOptions!) {
        expect(o.changes!.length).toBeLessThanOrEqual(3 * MAX_ARTIFACTS);
      }
    }

    // ...but a Freight event (the same objects built again) reads the big
    // Freight's list whole per option per Stage.
    images.reset();
    buildProjectP(lists);
    const reads = images.reads();
    // Once per option's diff (changesOf) and once for the Stage's current
    // Freight (summarizeFreight filters the whole list before capping it):
    // 4.2 million entries of one 1.1 MB object for 5 Stages; 84 million for
    // 100.
    expect(reads).toBeLessThanOrEqual(
      STAGES * (OPTIONS + 1) * MAX_ARTIFACTS_READ,
    );
  });
});
