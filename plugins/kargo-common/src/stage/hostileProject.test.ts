import { promotion, stage } from '../__testUtils__/builders';
import type { Promotion } from '../types';
import { Interner } from '../util/interner';
import { buildProjectStages, type ProjectLists } from './project';

// Issue 35, attack 7: what one project member's many Stages and Promotions
// cost together, and what the portal serves of them.

function build(lists: Partial<ProjectLists>) {
  return [
    ...buildProjectStages({
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: '2026-12-05T21:00:00Z',
      stages: [],
      promotions: [],
      analysisRuns: [],
      freight: [],
      pullRequestsOf: () => undefined,
      interner: new Interner(),
      ...lists,
    }),
  ];
}

describe("a project member's many Stages (issue 35, attack 7)", () => {
  it('shows an output once per alias however many steps of a Promotion repeat it, for each of many Stages', () => {
    // One output of 20 links of 2 KB (a 42 KB state), and a template of
    // 200 steps that all take its alias: Kargo's webhooks refuse no
    // repeated alias.
    const url = `https://x.example/${'a'.repeat(2_000)}`;
    const state = {
      x: {
        links: Array.from({ length: 20 }, (_, j) => ({ url: `${url}${j}` })),
      },
    };
    const steps = Array.from({ length: 200 }, () => ({
      uses: 'compose-output',
      as: 'x',
      config: {},
    }));
    const stages = Array.from({ length: 50 }, (_, i) =>
      stage({ project: 'p', name: `s${i}`, warehouse: 'w', steps }),
    );
    const promotions = stages.map((_, i) =>
      promotion('p', `s${i}`, i, 'abcdef1234', 'Succeeded', steps, state),
    );
    const built = build({ stages, promotions });
    const views = built[0].detail.promotions![0].steps ?? [];
    expect(views).toHaveLength(200);
    expect(views[0].links).toHaveLength(20);
    expect(views.slice(1).every(v => v.links.length === 0)).toBe(true);
    // Before: every step viewed the output, 4.1 MB per Stage (the Stage's
    // budget), 207 MB for these 50 Stages and 4 GB for 1,000, each kept
    // serialised by the Stage route.
    const total = built.reduce(
      (sum, b) => sum + JSON.stringify(b.detail).length,
      0,
    );
    expect(total).toBeLessThan(5_000_000);
  });

  it('selects each Stage its own Promotions among 10,000 of 500 Stages', () => {
    const stages = Array.from({ length: 500 }, (_, i) =>
      stage({ project: 'p', name: `s${i}`, warehouse: 'w' }),
    );
    const promotions: Promotion[] = Array.from({ length: 10_000 }, (_, n) =>
      promotion('p', `s${n % 500}`, n, 'abcdef1234', 'Succeeded', []),
    );
    const built = build({ stages, promotions });
    expect(built).toHaveLength(500);
    expect(
      built.every(
        b =>
          b.detail.error === null &&
          b.detail.promotions!.length === 20 &&
          b.detail.promotions!.every(p =>
            p.name.startsWith(`${b.detail.name}.`),
          ),
      ),
    ).toBe(true);
  });

  it('shows the newest 100 of 50,000 Promotions of one Stage', () => {
    const promotions = Array.from({ length: 50_000 }, (_, n) =>
      promotion('p', 'prod', n, 'abcdef1234', 'Succeeded', []),
    );
    const [built] = build({
      stages: [stage({ project: 'p', name: 'prod', warehouse: 'w' })],
      promotions,
    });
    expect(built.detail.promotions!.map(p => p.name)).toEqual(
      promotions
        .slice(-100)
        .reverse()
        .map(p => p.metadata!.name),
    );
  });
});
