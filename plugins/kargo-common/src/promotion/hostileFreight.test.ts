import { freight } from '../__testUtils__/builders';
import { buildProjectP, stageHolding } from '../__testUtils__/projectBuild';
import type { Freight, GitCommit, Stage } from '../types';
import { Interner } from '../util/interner';

// Issue 35, attack 7: a project's Freight are shared by each of its Stages
// that requests or holds them, and a project member adds Stages at will and
// pushes the commits a Warehouse of theirs turns into Freight.

/** 20 Freight of the Warehouse `w`, newest last, each with these commits. */
function freightWith(commits: (i: number) => GitCommit[]): Freight[] {
  return Array.from({ length: 20 }, (_, i) => {
    const f = freight('p', 'w', `seed${i}`, `alias${i}`);
    f.metadata!.creationTimestamp = new Date(
      Date.UTC(2026, 0, 1, 0, i),
    ).toISOString();
    f.commits = commits(i);
    return f;
  });
}

/** Stages `s0`… of project `p`, `count` of them, each holding `f`. */
function stagesHolding(f: Freight, count: number): Stage[] {
  return Array.from({ length: count }, (_, i) => stageHolding(`s${i}`, f));
}

/** The details of project `p`'s Stages `stages`, its Freight `all`. */
function detailsOf(stages: Stage[], all: Freight[]) {
  return buildProjectP({
    stages,
    freight: all,
    interner: new Interner(),
  }).map(b => b.detail);
}

describe("a project's shared Freight (issue 35, attack 7)", () => {
  it('cuts commit subjects of 500 KB to 200 characters in every Stage that is offered or holds them', () => {
    const subject = 's'.repeat(500_000);
    const all = freightWith(i => [
      {
        repoURL: 'https://github.com/acme/app',
        id: `${i}`.padStart(40, 'a'),
        message: subject,
      },
    ]);
    const details = detailsOf(stagesHolding(all[0], 20), all);
    const [first] = details;
    expect(first.freightOptions).toHaveLength(20);
    expect(first.freightOptions![0].artifacts!.commits[0].message).toHaveLength(
      200,
    );
    expect(first.currentFreight!.commits[0].message).toHaveLength(200);
    // Before: 10 MB per Stage, 1 GB for 100 Stages.
    expect(details.every(d => JSON.stringify(d).length < 300_000)).toBe(true);
  });

  it('shows at most 100 commits of a Freight and 256 Ki characters of artifacts per Stage, newest Freight first', () => {
    const all = freightWith(i =>
      Array.from({ length: 1_000 }, (_, c) => ({
        repoURL: `https://github.com/acme/repo-${c}-${'r'.repeat(150)}`,
        id: `${i}${c}`.padStart(40, 'b'),
        message: `release ${c}`,
      })),
    );
    const [detail] = detailsOf(stagesHolding(all[0], 1), all);
    const options = detail.freightOptions!;
    expect(options.map(o => o.name)).toEqual(
      [...all].reverse().map(f => f.metadata!.name),
    );
    expect(options[0].artifacts!.commits).toHaveLength(100);
    expect(options[0].changes!.filter(c => c.kind === 'commit')).toHaveLength(
      100,
    );
    // Past the Stage's budget an option keeps its name and availability.
    expect(options[19].artifacts!.commits).toEqual([]);
    expect(options[19].available).toBeDefined();
    expect(detail.currentFreight!.commits).toHaveLength(100);
    expect(JSON.stringify(detail).length).toBeLessThan(600_000);
  });
});
