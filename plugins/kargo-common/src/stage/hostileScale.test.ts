import { promotion, stage } from '../__testUtils__/builders';
import { repositoriesOfStage, walkStage } from '../pullRequests/walk';
import { buildStageDetail } from './detail';

/**
 * A project member's Stage at sizes the API server stores (issue 35, attacks
 * 5 and 6): thousands of steps, outputs, vars or queued Promotions. What a
 * user sees of it is bounded (caps, budgets); its rebuild time is printed by
 * `yarn bench --hostile`, never asserted here.
 */
describe("a project member's huge Stage (issue 35, attacks 5 and 6)", () => {
  // Issue 35, attack 5 (medium): each recorded output looked its step up
  // with a scan of every Git step of the Stage and all its Promotions, so
  // 10 Promotions of a template of 4,000 compose-output steps (each
  // recording a `pr`) and 4,000 git-clone steps (~0.4 MB each, well within
  // what the API server stores) took ~12 s of the backend's one thread per
  // rebuild of that Stage: every user and project of the portal waited.
  it('builds a Stage whose Promotions record thousands of outputs beside thousands of Git steps without error (its rebuild time: yarn bench --hostile)', () => {
    const outputs = 4_000;
    const steps = [
      ...Array.from({ length: outputs }, (_, i) => ({
        uses: 'compose-output',
        as: `o${i}`,
        config: { pr: { id: 1 } },
      })),
      ...Array.from({ length: outputs }, (_, i) => ({
        uses: 'git-clone',
        as: `c${i}`,
        config: { repoURL: 'https://github.com/acme/app' },
      })),
    ];
    const state: Record<string, unknown> = {};
    for (let i = 0; i < outputs; i++) state[`o${i}`] = { pr: { id: i + 1 } };
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 10 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Failed', steps, state),
    );
    const detail = buildStageDetail({ instance: 'x', stage: s, promotions });
    expect(detail.error).toBeNull();
    expect(detail.promotions).toHaveLength(10);
  });

  // Issue 35, attack 5 (medium): a view per step of every Promotion, and a
  // Git step read per step of each, while the watch holds equal step lists
  // once: 50 Promotions of a template of 15,000 git-clone steps (1.2 MB)
  // took 2.2 s of the backend's one thread per rebuild of that Stage, held
  // 90 MB and served an 84 MB detail.
  it('shows the first 200 steps of a Promotion and the one it failed at, so 50 Promotions of a 15,000-step template cost little', () => {
    const count = 15_000;
    const steps = Array.from({ length: count }, (_, i) => ({
      uses: 'git-clone',
      as: `s${i}`,
      config: { repoURL: 'https://github.com/acme/app' },
    }));
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 50 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Failed', steps),
    );
    const failedAt = 9_000;
    promotions[0].status = {
      ...promotions[0].status,
      phase: 'Failed',
      message: 'step s9000 failed',
      stepExecutionMetadata: Array.from({ length: failedAt + 1 }, (_, i) => ({
        alias: `s${i}`,
        status: i === failedAt ? 'Failed' : 'Succeeded',
      })),
    };
    const detail = buildStageDetail({ instance: 'x', stage: s, promotions });
    expect(detail.error).toBeNull();
    expect(JSON.stringify(detail).length).toBeLessThan(5_000_000);
    const shown = detail.promotions!.find(
      p => p.name === promotions[0].metadata!.name,
    )!.steps!;
    expect(shown).toHaveLength(201);
    expect(shown[200]).toMatchObject({
      alias: 's9000',
      status: 'Failed',
      message: 'step s9000 failed',
    });
  });

  // Issue 35, attack 5 (medium): every Promotion of the Stage was a timeline
  // entry with its step views; Kargo spares two weeks of them, and a
  // promoter may queue thousands: 5,000 Promotions of a 200-step template
  // took 1.2 s of the backend's one thread per rebuild and served 117 MB.
  it('shows the newest 100 Promotions and the running one, however many a promoter queued', () => {
    const steps = Array.from({ length: 200 }, (_, i) => ({
      uses: 'compose-output',
      as: `s${i}`,
      config: {},
    }));
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 5_000 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Pending', steps),
    );
    // The oldest runs; the 4,999 after it wait.
    promotions[0].status = { phase: 'Running', currentStep: 3 };
    const detail = buildStageDetail({ instance: 'x', stage: s, promotions });
    expect(detail.promotions).toHaveLength(101);
    expect(detail.promotions![100]).toMatchObject({
      name: promotions[0].metadata!.name,
      currentStep: { alias: 's3' },
    });
    expect(JSON.stringify(detail).length).toBeLessThan(5_000_000);
  });

  // Issue 35, attack 5 (medium): the Git steps of every Promotion were
  // walked on each rebuild (repositories, literal branches, records): 5,000
  // Promotions of a template of 200 git-clone steps took 3.5 s.
  it('walks the Git steps of the newest 100 Promotions and the running one, however many a promoter queued', () => {
    const stepsOf = (repo: string) =>
      Array.from({ length: 200 }, (_, i) => ({
        uses: 'git-clone',
        as: `s${i}`,
        config: { repoURL: `https://github.com/acme/${repo}` },
      }));
    const s = stage({
      project: 'p',
      name: 's',
      warehouse: 'w',
      steps: stepsOf('app'),
    });
    // The oldest runs, the next oldest waits behind 4,998 newer ones.
    const repoOf = (n: number) =>
      ({ 0: 'running', 1: 'old', 4_999: 'newest' }[n] ?? 'app');
    const promotions = Array.from({ length: 5_000 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Pending', stepsOf(repoOf(n))),
    );
    promotions[0].status = { phase: 'Running', currentStep: 3 };
    const walk = walkStage(s, promotions);
    expect(walk.repositories.sort()).toEqual([
      'https://github.com/acme/app',
      'https://github.com/acme/newest',
      'https://github.com/acme/running',
    ]);
    const detail = buildStageDetail({ instance: 'x', stage: s, promotions });
    expect(detail.error).toBeNull();
    expect(detail.promotions).toHaveLength(101);
  });

  // Issue 35, attack 6 (medium): every Git step with a var of its own got a
  // copy of all the Stage's and template's vars (and each Promotion one of
  // the Stage's), so a Stage of 30,000 vars (0.9 MB) and a template of 200
  // git-clone steps each naming one var, promoted 10 times, took ~75 s of the
  // backend's one thread per rebuild of that Stage.
  it("resolves a step's own vars over 30,000 Stage vars without copying them per step", () => {
    const vars = Array.from({ length: 30_000 }, (_, i) => ({
      name: `v${i}`,
      value: 'x',
    }));
    const steps = Array.from({ length: 200 }, (_, i) => ({
      uses: 'git-clone',
      as: `c${i}`,
      vars: [{ name: 'repo', value: i === 0 ? 'app' : 'app-${{ vars.v7 }}' }],
      config: {
        repoURL: 'https://github.com/${{ vars.org }}/${{ vars.repo }}',
      },
    }));
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    s.spec!.vars = [...vars, { name: 'org', value: 'acme' }];
    const promotions = Array.from({ length: 10 }, (_, n) => {
      const p = promotion('p', 's', n + 1, 'abc1234', 'Succeeded', steps);
      p.spec!.vars = [{ name: 'org', value: n === 9 ? 'acme-next' : 'acme' }];
      return p;
    });
    const repositories = repositoriesOfStage(s, promotions);
    expect(repositories.sort()).toEqual([
      'https://github.com/acme-next/app',
      'https://github.com/acme-next/app-x',
      'https://github.com/acme/app',
      'https://github.com/acme/app-x',
    ]);
  });

  // Issue 35, attack 6 (medium): every output a Promotion recorded had its
  // URL parsed (twice) before its step was looked up, and the watch holds
  // equal outputs once: 300 Promotions sharing the state of a template of
  // 4,000 compose-output steps each recording a `pr` URL (~0.5 MB) took
  // ~5 s of the backend's one thread per rebuild of that Stage.
  it('looks a recorded output up by its step before reading its URL, so hundreds of Promotions sharing thousands of records cost little', () => {
    const outputs = 4_000;
    const steps = [
      ...Array.from({ length: outputs }, (_, i) => ({
        uses: 'compose-output',
        as: `o${i}`,
        config: {},
      })),
      {
        uses: 'git-open-pr',
        as: 'open',
        config: { repoURL: 'https://github.com/acme/app' },
      },
    ];
    const state: Record<string, unknown> = {
      open: { pr: { id: 7, url: 'https://github.com/acme/app/pull/7' } },
    };
    for (let i = 0; i < outputs; i++) {
      state[`o${i}`] = {
        pr: { id: i + 1, url: `https://github.com/acme/payroll/pull/${i + 1}` },
      };
    }
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 300 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Succeeded', steps, state),
    );
    const walk = walkStage(s, promotions);
    // The newest 100 Promotions are walked (attack 5), each recording its PR.
    expect(walk.recorded).toHaveLength(100);
    expect(new Set(walk.recorded.map(r => r.url))).toEqual(
      new Set(['https://github.com/acme/app/pull/7']),
    );
    expect(walk.repositories).toEqual(['https://github.com/acme/app']);
  });

  // Issue 35, attack 6 (medium): the watch holds equal step lists and
  // outputs once, but each Promotion got its own views of them: 100
  // Promotions of a template of 200 compose-output steps with 20 links each
  // (a 1.4 MB state, within what the API server stores) made a 142 MB Stage
  // detail, serialised on every read of that Stage (400: past V8's longest
  // string).
  it("serves a bounded Stage detail however many Promotions share a state of links, newest Promotions' steps first", () => {
    const long = `https://example.com/${'a'.repeat(300)}`;
    const steps = Array.from({ length: 200 }, (_, i) => ({
      uses: 'compose-output',
      as: `o${i}${'x'.repeat(100)}`,
      config: {},
    }));
    const state: Record<string, unknown> = {};
    for (const step of steps) {
      state[step.as] = {
        links: Array.from({ length: 20 }, () => ({ url: long })),
      };
    }
    state[steps[1].as] = {
      links: [{ url: `https://example.com/${'b'.repeat(3_000)}` }],
    };
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 100 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Succeeded', steps, state),
    );
    const oldest = promotions[0];
    oldest.status = {
      ...oldest.status,
      phase: 'Failed',
      message: `step failed: ${'m'.repeat(50_000)}`,
      stepExecutionMetadata: [
        { alias: steps[0].as, status: 'Succeeded' },
        { alias: steps[1].as, status: 'Failed' },
      ],
    };
    const detail = buildStageDetail({ instance: 'x', stage: s, promotions });
    expect(detail.error).toBeNull();
    expect(JSON.stringify(detail).length).toBeLessThan(6_000_000);
    const [newest] = detail.promotions!;
    expect(newest.steps).toHaveLength(200);
    expect(newest.steps![0].links).toHaveLength(20);
    expect(newest.steps![1].links).toEqual([]);
    const failed = detail.promotions!.find(
      p => p.name === oldest.metadata!.name,
    )!;
    expect(failed.steps!.map(step => step.status)).toEqual(['Failed']);
    expect(failed.failedStep?.alias).toBe(steps[1].as);
    expect(failed.message!.length).toBeLessThanOrEqual(2_000);
  });

  // Issue 35, attack 6 (medium): 200 Git steps were read in each Promotion,
  // however many: 8,000 Promotions of a template of 200 git-clone steps
  // (the watch holds the list once; Kargo keeps Promotions two weeks) cost
  // ~4 s of the backend's one thread per rebuild of that Stage.
  it("reads at most 2,000 Git steps per Stage, the template's and the newest Promotions' first", () => {
    const steps = [
      ...Array.from({ length: 199 }, (_, i) => ({
        uses: 'git-clone',
        as: `c${i}`,
        config: { repoURL: `https://github.com/acme/app${i}` },
      })),
      {
        uses: 'git-open-pr',
        as: 'open',
        config: { repoURL: 'https://github.com/acme/app0' },
      },
    ];
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 8_000 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Failed', steps, {
        open: {
          pr: { id: n + 1, url: `https://github.com/acme/app0/pull/${n + 1}` },
        },
      }),
    );
    const walk = walkStage(s, promotions);
    expect(walk.gitSteps.length).toBeLessThanOrEqual(2_000);
    expect(walk.repositories).toHaveLength(199);
    // The newest Promotions' PRs are still theirs.
    expect(walk.recorded[0]).toMatchObject({
      promotion: walk.promotions[0].metadata!.name,
      url: 'https://github.com/acme/app0/pull/8000',
    });
  });

  // Issue 35, attack 6 (medium): each Promotion's outputs were walked to
  // find its PR records, and the watch holds equal outputs once: 1,000
  // Promotions sharing a state of 4,000 outputs (~150 KB each) cost ~2 s of
  // the backend's one thread per rebuild of that Stage.
  it("reads a Promotion's records by its PR steps, not by walking thousands of outputs shared by a thousand Promotions", () => {
    const steps = [
      {
        uses: 'git-open-pr',
        as: 'open',
        config: { repoURL: 'https://github.com/acme/app' },
      },
    ];
    const state: Record<string, unknown> = { open: { pr: { id: 7 } } };
    for (let i = 0; i < 4_000; i++) state[`o${i}`] = { pr: { id: i + 1 } };
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 1_000 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Succeeded', steps, state),
    );
    const walk = walkStage(s, promotions);
    expect(walk.recorded).toHaveLength(100);
    expect(new Set(walk.recorded.map(r => `${r.alias} #${r.number}`))).toEqual(
      new Set(['open #7']),
    );
  });

  // Issue 35, attack 6 (with the step views' budget): 8,000 Promotions of a
  // template of 200 steps made 1.6 million step views per rebuild of that
  // Stage (a ~300 MB detail before the budget; built only to be dropped
  // after it, up to ~2 s).
  it('builds the step views of the newest 100 Promotions only, so 8,000 Promotions of a 200-step template cost little', () => {
    const steps = Array.from({ length: 200 }, (_, i) => ({
      uses: i === 199 ? 'git-open-pr' : 'git-clone',
      as: `c${i}`,
      config: { repoURL: `https://github.com/acme/app${i}` },
    }));
    const s = stage({ project: 'p', name: 's', warehouse: 'w', steps });
    const promotions = Array.from({ length: 8_000 }, (_, n) =>
      promotion('p', 's', n + 1, 'abc1234', 'Succeeded', steps, {
        c199: { pr: { id: 3 } },
      }),
    );
    const detail = buildStageDetail({ instance: 'x', stage: s, promotions });
    expect(detail.promotions).toHaveLength(100);
    expect(detail.promotions![0].steps).toHaveLength(200);
    expect(JSON.stringify(detail).length).toBeLessThan(10_000_000);
  });
});
