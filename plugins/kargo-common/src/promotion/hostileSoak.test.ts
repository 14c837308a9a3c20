import { MAX_TIME_TEXT, parseGoDuration } from '../util/time';
import {
  buildProjectP,
  freightSecondsApart,
  stageDownstreamOf,
} from '../__testUtils__/projectBuild';
import { JsonSizes } from '../util/jsonSize';
import type { ProjectVerdict } from '../stage/budgetVerdicts';
import { ProjectIndexes } from '../stage/projectIndexes';

// Issue 35, attack 15. With `requiredSoakTime`, a Freight option's
// availability (isFreightAvailableToStage -> soakOf) parses the Freight's
// `status.verifiedIn[<upstream>].longestSoak` whole with parseGoDuration
// (a loop of sticky-regex matches over the string): twice per option when
// it has not soaked yet (soakedIn, then soakedMs). The Freight is one
// object shared by every Stage downstream of that upstream; a project
// member's Freight whose longestSoak is "0s" repeated (1 MB, 500,000
// matches) costs every such Stage 2 MB of parsing per build, and a Freight
// event rebuilds every Stage of the project.

const STAGES = 10;
const SOAK = '0s'.repeat(500_000);

describe("a Freight's status.verifiedIn a project member writes (attack 15)", () => {
  it('reads a 1 MB longestSoak of the newest Freight as no duration for each Stage downstream, never parsing it (it parsed 2 MB per Stage per build)', () => {
    const options = freightSecondsApart(1);
    const [f] = options;
    let parsed = 0;
    const verified = {};
    Object.defineProperty(verified, 'longestSoak', {
      enumerable: true,
      get: () => {
        parsed += SOAK.length;
        return SOAK;
      },
    });
    (f as unknown as { status: unknown }).status = {
      verifiedIn: { u: verified },
    };
    expect(JSON.stringify(f).length).toBeLessThan(1.5 * 2 ** 20);
    const stages = Array.from({ length: STAGES }, (_, k) => {
      const s = stageDownstreamOf(`d${k}`, ['u']);
      (
        s.spec!.requestedFreight![0].sources as unknown as Record<
          string,
          unknown
        >
      ).requiredSoakTime = '1h';
      return s;
    });
    const kept = {
      indexes: new ProjectIndexes(),
      sizes: new JsonSizes(),
      projectVerdict: {} as ProjectVerdict,
    };
    const lists = { stages, freight: options, ...kept };

    const built = buildProjectP(lists);
    for (const b of built) {
      expect(b.detail.freightOptions?.[0]?.code).toBe('soaking');
    }

    // A Freight event: the same objects built again.
    parsed = 0;
    buildProjectP(lists);
    // Read, but refused by its length before any parsing (MAX_TIME_TEXT).
    expect(parsed).toBeGreaterThan(0);
    expect(SOAK.length).toBeGreaterThan(MAX_TIME_TEXT);
    expect(parseGoDuration(SOAK)).toBeUndefined();
    expect(parseGoDuration('1h')).toBe(3_600_000);
  });
});
