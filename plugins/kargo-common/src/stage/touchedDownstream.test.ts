import { freight, stage } from '../__testUtils__/builders';
import {
  buildProjectP,
  labelledRun,
  stageDownstreamOf,
  stageHolding,
} from '../__testUtils__/projectBuild';
import type { Freight } from '../types';
import type { ProjectLists } from './project';
import { StageRoutes } from './stageRoutes';
import { stagesTouchedBy } from './touched';

// Issue 35, attack 11 (correctness).
//
// A downstream Stage's Freight options carry the akuity/kargo#5144 warning
// (verified upstream, then re-verified there with a failure), decided from
// its upstream Stages' histories when it is built. In watch mode only the
// Stages an event touches are rebuilt (stagesTouchedBy). A run of the
// upstream Stage touched that Stage alone, and Kargo changes no Freight
// when a re-verification fails (that is #5144): nothing rebuilt the
// downstream Stage, so the warning the feature exists for did not appear
// until something else touched it (poll mode rebuilds everything). A run
// or Stage event now also touches the Stages whose requests name the
// Stages it touches (one level).

function build(lists: ProjectLists, only?: ReadonlySet<string>) {
  return buildProjectP({ ...lists, only });
}

/** Run `up.<i>` of Stage `up`, verifying `freightName`. */
const run = (i: number, freightName: string, phase: string) =>
  labelledRun('up', i, freightName, phase);

describe('the #5144 warning in watch mode (issue 35, attack 11)', () => {
  it('a failed re-verification upstream also rebuilds the Stage downstream of it, whose option then warns', () => {
    const f: Freight = freight('p', 'w', 'seed0', 'a0');
    const name = f.metadata!.name!;
    const up = stageHolding('up', f);
    const down = stageDownstreamOf('down', ['up']);
    const verified = run(0, name, 'Successful');
    const before: ProjectLists = {
      stages: [up, down],
      analysisRuns: [verified],
      promotions: [],
      freight: [f],
    };
    const warningsOf = (built: ReturnType<typeof build>) =>
      built
        .find(b => b.detail.name === 'down')
        ?.detail.freightOptions?.find(o => o.name === name)?.reverifiedFailed
        ?.length ?? 0;
    const kept = build(before);
    expect(warningsOf(kept)).toBe(0);

    // The upstream re-verification fails: one new run of `up`.
    const failed = run(1, name, 'Failed');
    const after = { ...before, analysisRuns: [verified, failed] };
    const touched = stagesTouchedBy(
      { kind: 'analysisruns', object: failed },
      after.stages,
    );
    expect([...touched].sort()).toEqual(['down', 'up']);
    const rebuilt = build(after, touched);
    expect(rebuilt.map(b => b.detail.name).sort()).toEqual(['down', 'up']);
    // The detail the model now keeps for `down` warns, as a poll's does.
    expect(warningsOf(rebuilt)).toBe(1);
    expect(warningsOf(build(after))).toBe(1);
  });

  it("a change of the upstream Stage itself touches its downstream Stage, also with a project's kept index", () => {
    const up = stage({ project: 'p', name: 'up', warehouse: 'w' });
    const down = stageDownstreamOf('down', ['up']);
    const other = stage({ project: 'p', name: 'other', warehouse: 'w' });
    const routes = new StageRoutes();
    const touchedBy = (object: typeof up) =>
      [
        ...stagesTouchedBy(
          { kind: 'stages', object },
          [up, down, other],
          routes,
        ),
      ].sort();
    expect(touchedBy(up)).toEqual(['down', 'up']);
    // Downstream of nothing: itself only.
    expect(touchedBy(down)).toEqual(['down']);
    // `down` stops naming `up`: a new object, read again.
    const direct = stage({ project: 'p', name: 'down', warehouse: 'w' });
    expect(
      [
        ...stagesTouchedBy(
          { kind: 'stages', object: up },
          [up, direct, other],
          routes,
        ),
      ].sort(),
    ).toEqual(['up']);
  });
});
