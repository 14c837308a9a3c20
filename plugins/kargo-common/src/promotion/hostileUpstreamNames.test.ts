import {
  buildProjectP,
  freightSecondsApart,
  stageDownstreamOf,
} from '../__testUtils__/projectBuild';
import { MAX_NAMED_UPSTREAM } from './upstreamStages';

// Issue 35, attack 15. Attack 9 capped how many upstream Stages a Freight
// option's reason names (MAX_NAMED_UPSTREAM, 10), not how long each name
// is: `sources.stages` is a project member's list of free strings (Kargo's
// webhook does not check that they name Stages), and each of the 10 named
// is copied into the params and the English reason of every one of the
// Stage's 20 Freight options. Ten names of 100,000 characters (a 1 MB
// Stage) make a 41 MB detail: 40 copies in the options, one in
// requestedFreight.

const NAME = 100_000;
const OPTIONS = 20;

describe('the upstream Stage names a project member writes (attack 15)', () => {
  it('counts 10 upstream names of 100,000 characters as unread, never copying them into the detail (it was 41 MB for a 1 MB Stage)', () => {
    const names = Array.from({ length: MAX_NAMED_UPSTREAM }, (_, i) =>
      String(i).padEnd(NAME, 'x'),
    );
    const stage = stageDownstreamOf('d', names);
    const stageChars = JSON.stringify(stage).length;
    expect(stageChars).toBeLessThan(1.5 * 2 ** 20);

    const [built] = buildProjectP({
      stages: [stage],
      freight: freightSecondsApart(OPTIONS),
    });
    expect(built.detail.error).toBeNull();
    expect(built.detail.freightOptions).toHaveLength(OPTIONS);
    for (const o of built.detail.freightOptions!) {
      expect(o.code).toBe('notVerifiedInAny');
      expect(o.params).toMatchObject({ upstream: [] });
      expect(o.reason.length).toBeLessThan(NAME);
    }
    const detailChars = JSON.stringify(built.detail).length;
    expect(detailChars).toBeLessThan(stageChars / 10);
  });
});
