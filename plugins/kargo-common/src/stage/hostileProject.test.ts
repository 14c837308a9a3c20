import { promotion, stage } from '../__testUtils__/builders';
import { buildProjectP } from '../__testUtils__/projectBuild';
import type { Promotion } from '../types';
import { Interner } from '../util/interner';
import { toStageSummary } from './detail';

// Issue 35, attack 7: what one project member's many Stages and Promotions
// cost together, and what the portal serves of them.

/**
 * 20 1 KB Stages, each a git-open-pr step of the branch `x`, and 5,000 PRs
 * from `x` to as many base branches (one open PR per pair on GitHub).
 */
function buildFloodedBranch() {
  const repo = 'https://github.com/acme/app';
  const steps = [
    {
      uses: 'git-open-pr',
      as: 'pr',
      config: { repoURL: repo, sourceBranch: 'x', targetBranch: 'main' },
    },
  ];
  const stages = Array.from({ length: 20 }, (_, i) =>
    stage({ project: 'p', name: `s${i}`, warehouse: 'w', steps }),
  );
  const pullRequests = Array.from({ length: 5_000 }, (_, n) => ({
    provider: 'github' as const,
    repoUrl: repo,
    number: n + 1,
    title: 't'.repeat(256),
    url: `${repo}/pull/${n + 1}`,
    state: 'open' as const,
    sourceBranch: 'x',
    targetBranch: `base-${n}`,
    author: 'mallory',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    headSha: null,
  }));
  return buildProjectP({
    stages,
    pullRequestsOf: () => ({ pullRequests, error: null }),
    interner: new Interner(),
  });
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
    const built = buildProjectP({
      stages,
      promotions,
      interner: new Interner(),
    });
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
    const built = buildProjectP({
      stages,
      promotions,
      interner: new Interner(),
    });
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
    const [built] = buildProjectP({
      stages: [stage({ project: 'p', name: 'prod', warehouse: 'w' })],
      promotions,
      interner: new Interner(),
    });
    expect(built.detail.promotions!.map(p => p.name)).toEqual(
      promotions
        .slice(-100)
        .reverse()
        .map(p => p.metadata!.name),
    );
  });

  it('attributes at most the newest 200 of 5,000 open PRs of one branch to each Stage naming it', () => {
    for (const { detail } of buildFloodedBranch()) {
      expect(detail.pullRequests.map(pr => pr.number)).toEqual(
        Array.from({ length: 200 }, (_, i) => 5_000 - i),
      );
      // Before: 2.9 MB per Stage, 2.9 GB for 1,000 Stages.
      expect(JSON.stringify(detail).length).toBeLessThan(200_000);
    }
  });

  // Attack 8: every attributed URL went into the summary (/snapshot, the
  // catalog's links and annotation): 30 KB per Stage of a 139-character
  // repository URL, 68 MB for 2,000 Stages.
  it('counts the 200 open PRs of a Stage but names only the newest 20 in its summary', () => {
    const [{ detail }] = buildFloodedBranch();
    const summary = toStageSummary(detail);
    expect(summary.openPullRequests).toBe(200);
    expect(summary.openPullRequestUrls).toEqual(
      Array.from(
        { length: 20 },
        (_, i) => `https://github.com/acme/app/pull/${5_000 - i}`,
      ),
    );
    expect(detail.openPullRequestUrls).toEqual(summary.openPullRequestUrls);
  });

  it('walks and shows the newest 100 Promotions and one running, however many claim to run', () => {
    // Kargo runs one Promotion of a Stage at a time; a project admin may
    // grant themselves promotions/status and mark 5,000 Running.
    const steps = [
      {
        uses: 'git-clone',
        as: 'clone',
        config: { repoURL: 'https://github.com/acme/app' },
      },
    ];
    const promotions = Array.from({ length: 5_000 }, (_, n) =>
      promotion('p', 'prod', n, 'abcdef1234', 'Running', steps),
    );
    const [built] = buildProjectP({
      stages: [stage({ project: 'p', name: 'prod', warehouse: 'w' })],
      promotions,
      interner: new Interner(),
    });
    // Before: all 5,000 shown, each with its steps.
    expect(built.detail.promotions).toHaveLength(100);
    expect(built.detail.promotions![0].name).toBe(
      promotions[4_999].metadata!.name,
    );
  });
});
