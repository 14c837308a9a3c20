import { MAX_REVERIFIED_WARNINGS } from './options';
import { stage } from '../__testUtils__/builders';
import {
  buildProjectP,
  freightSecondsApart,
  labelledRun,
  stageDownstreamOf,
} from '../__testUtils__/projectBuild';
import { toAssistantStageView } from '../assistant/stageView';
import { MAX_UPSTREAM_STAGES } from './upstreamStages';

// Issue 35, attack 15. The akuity/kargo#5144 warning of a Freight option
// (reverifiedFailed) lists every upstream Stage where the Freight was
// verified and then failed a re-verification: up to MAX_UPSTREAM_STAGES
// (300) per option, 20 options per Stage, none clipped or counted. The
// upstream histories are shared; each downstream Stage (a few KB naming
// 300 upstreams) serves them again: 6,000 warnings per downstream Stage,
// about 200 times its own size, and as many downstream Stages as the
// project may hold each keep and serve that much.

const UPSTREAM = MAX_UPSTREAM_STAGES;
const DOWNSTREAM = 5;
const OPTIONS = 20;

describe('the re-verification warnings of Freight options (attack 15)', () => {
  it('serves at most 10 warnings in each of 20 options of a downstream Stage naming 300 upstream Stages, and get-stage 20 and a count (it served 300 each, 6,000)', () => {
    const freightList = freightSecondsApart(OPTIONS);
    const upNames = Array.from({ length: UPSTREAM }, (_, i) => `u${i}`);
    const ups = upNames.map(name =>
      stage({ project: 'p', name, warehouse: 'w' }),
    );
    // Each Freight verified in each upstream Stage, then re-verified there
    // with a failure.
    const runs = upNames.flatMap(name =>
      freightList.flatMap((f, j) => [
        labelledRun(name, 2 * j, f.metadata!.name!, 'Successful'),
        labelledRun(name, 2 * j + 1, f.metadata!.name!, 'Failed'),
      ]),
    );
    const downs = Array.from({ length: DOWNSTREAM }, (_, k) =>
      stageDownstreamOf(`d${k}`, upNames),
    );
    const built = buildProjectP({
      stages: [...ups, ...downs],
      analysisRuns: runs,
      freight: freightList,
    });
    const downBuilt = built.filter(b => b.detail.name.startsWith('d'));
    expect(downBuilt).toHaveLength(DOWNSTREAM);
    for (const { detail } of downBuilt) {
      expect(detail.error).toBeNull();
      expect(detail.freightOptions).toHaveLength(OPTIONS);
      for (const o of detail.freightOptions!) {
        expect(o.reverifiedFailed).toHaveLength(MAX_REVERIFIED_WARNINGS);
      }
      // get-stage: 20 sentences, then how many more.
      const warnings = toAssistantStageView(detail).freightWarnings;
      expect(warnings).toHaveLength(21);
      expect(warnings[20]).toMatch(
        `And ${OPTIONS * MAX_REVERIFIED_WARNINGS - 20} more`,
      );
      // It was 0.8 MB for a 2.7 KB Stage.
      expect(JSON.stringify(detail).length).toBeLessThan(100_000);
    }
  });
});
