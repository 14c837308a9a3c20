import { freight } from '../__testUtils__/builders';
import { buildProjectP, stageHolding } from '../__testUtils__/projectBuild';
import type { Freight } from '../types';
import { toStageSummary } from './detail';
import { MAX_ARTIFACTS } from '../promotion/freightDiff';

// Issue 35, attack 15. A Stage's current Freight is shown with at most 100
// artifacts of each kind (shownArtifacts) and commit subjects clipped to
// 200 characters, but the other texts of an artifact (a commit's repoURL,
// tag and branch, an image's repoURL, tag and digest, a chart's repoURL,
// name and version) are served whole, and not counted against a budget as
// the Freight options' artifacts are (MAX_ARTIFACT_TEXT). The Freight is one
// object shared by every Stage holding it: its 100 commits with a 10,000
// character branch each (a 1 MB Freight) make every such Stage's detail and
// summary (the list and catalog view) 1 MB.

const STAGES = 5;
const LONG = 10_000;

describe("the current Freight's artifact texts a project member writes (attack 15)", () => {
  it('clips 100 branches of 10,000 characters of a shared Freight to 255 in the summary of every Stage holding it (it served 1 MB each)', () => {
    const f = freight('p', 'w', 'big', 'big');
    const stages = Array.from({ length: STAGES }, (_, k) =>
      stageHolding(`s${k}`, f),
    );
    const big: Freight = {
      ...f,
      commits: Array.from({ length: MAX_ARTIFACTS }, (_, i) => ({
        repoURL: `https://github.com/acme/r${i}`,
        id: 'a'.repeat(40),
        branch: String(i).padEnd(LONG, 'b'),
      })),
    } as Freight;
    const freightChars = JSON.stringify(big).length;
    expect(freightChars).toBeLessThan(1.5 * 2 ** 20);

    const built = buildProjectP({ stages, freight: [big] });
    let served = 0;
    for (const b of built) {
      expect(b.detail.error).toBeNull();
      expect(toStageSummary(b.detail).currentFreight?.commits).toHaveLength(
        MAX_ARTIFACTS,
      );
      expect(
        toStageSummary(b.detail).currentFreight?.commits[0].branch,
      ).toHaveLength(255);
      served += JSON.stringify(toStageSummary(b.detail)).length;
    }
    // Each Stage's summary was as large as the whole Freight.
    expect(served).toBeLessThan(STAGES * MAX_ARTIFACTS * 400);
  });
});
