import { promotion, stage } from '../__testUtils__/builders';
import {
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingPromotion,
} from '../__testUtils__/checkout';
import {
  paymentsProdPromotion,
  paymentsProdStage,
} from '../__testUtils__/payments';
import { attributePullRequests } from './attribution';
import { repositoriesOfStage } from './walk';
import { promotionsOfStage } from './steps';

describe('repositoriesOfStage', () => {
  it('resolves vars in the template steps (checkout/prod)', () => {
    expect(repositoriesOfStage(prodStage)).toEqual([
      'https://github.com/acme/checkout-deploy',
    ]);
  });

  it('normalises the scp-like URL of GitLab steps (payments/prod)', () => {
    expect(
      repositoriesOfStage(paymentsProdStage, [paymentsProdPromotion]),
    ).toEqual(['https://gitlab.example.com/payments/deploy']);
  });

  it('layers step vars over template vars over Stage vars', () => {
    const s = stage({
      project: 'p',
      name: 's',
      warehouse: 'w',
      vars: [
        { name: 'a', value: 'https://github.com/o/stage-a' },
        { name: 'b', value: 'https://github.com/o/stage-b' },
        { name: 'c', value: 'https://github.com/o/stage-c' },
      ],
      templateVars: [
        { name: 'b', value: 'https://github.com/o/template-b' },
        { name: 'c', value: 'https://github.com/o/template-c' },
      ],
      steps: [
        { uses: 'git-clone', config: { repoURL: '${{ vars.a }}' } },
        { uses: 'git-clone', config: { repoURL: '${{ vars.b }}' } },
        {
          uses: 'git-clone',
          vars: [{ name: 'c', value: 'https://github.com/o/step-c' }],
          config: { repoURL: "${{ vars['c'] }}" },
        },
        { uses: 'git-push', config: { repoURL: '${{ outputs.clone.repo }}' } },
        {
          uses: 'helm-update-image',
          config: { repoURL: 'https://github.com/o/not-git' },
        },
        {
          uses: 'git-open-pr',
          config: { repoURL: 'https://github.com/o/literal.git' },
        },
        { uses: 'git-wait-for-pr' },
      ],
    });
    expect(repositoriesOfStage(s)).toEqual([
      'https://github.com/o/stage-a',
      'https://github.com/o/template-b',
      'https://github.com/o/step-c',
      'https://github.com/o/literal',
    ]);
  });

  it("adds the repositories of its Promotions' steps and recorded PR URLs, each once", () => {
    const other = promotion(
      'checkout',
      'prod',
      70,
      'abc1234',
      'Succeeded',
      [
        {
          uses: 'git-clone',
          config: { repoURL: 'git@github.com:acme/other-repo.git' },
        },
        {
          uses: 'git-open-pr',
          as: 'open-pr',
          config: { repoURL: '${{ outputs.clone.repo }}' },
        },
      ],
      {
        'open-pr': {
          pr: { id: 5, url: 'https://github.com/acme/pr-only/pull/5' },
        },
      },
    );
    expect(
      repositoriesOfStage(prodStage, [
        prodRunningPromotion,
        prodFailedPromotion,
        stagingPromotion,
        other,
      ]),
    ).toEqual([
      'https://github.com/acme/checkout-deploy',
      'https://github.com/acme/other-repo',
      'https://github.com/acme/pr-only',
    ]);
  });

  it('is empty for a Stage with no Git steps or no spec', () => {
    expect(
      repositoriesOfStage(stage({ project: 'p', name: 's', warehouse: 'w' })),
    ).toEqual([]);
    expect(repositoriesOfStage({ metadata: { name: 's' } })).toEqual([]);
  });
});

describe('promotionsOfStage', () => {
  it('keeps the Stage Promotions, newest first, by spec.stage or name prefix', () => {
    const bare = {
      metadata: {
        name: 'prod.01jc8m3x000020000000000000.abcdef0',
        namespace: 'checkout',
      },
    };
    const dotted = promotion(
      'checkout',
      'prod.eu',
      90,
      'abc1234',
      'Running',
      [],
    );
    const elsewhere = {
      ...prodFailedPromotion,
      metadata: { ...prodFailedPromotion.metadata, namespace: 'x' },
    };
    expect(
      promotionsOfStage(prodStage, [
        prodFailedPromotion,
        stagingPromotion,
        bare,
        dotted,
        elsewhere,
        prodRunningPromotion,
        {},
      ]).map(p => p.metadata!.name),
    ).toEqual([
      prodRunningPromotion.metadata!.name,
      prodFailedPromotion.metadata!.name,
      bare.metadata.name,
    ]);
  });

  it('keeps the order of duplicates, so that sorting again changes nothing', () => {
    const twin = (phase: string) => ({
      metadata: { name: 'prod.x', namespace: 'checkout' },
      spec: { stage: 'prod' },
      status: { phase },
    });
    const once = promotionsOfStage(prodStage, [
      twin('Succeeded'),
      twin('Failed'),
    ]);
    expect(once.map(p => p.status?.phase)).toEqual(['Succeeded', 'Failed']);
    expect(promotionsOfStage(prodStage, once)).toEqual(once);
  });

  // Issue 35, attack 4: a step output is whatever the Stage's template
  // wrote. Recorded under a step that opens no PR (compose-output), or
  // naming another repository than the one its git-open-pr step opens PRs
  // in, a pr.url made the portal list that repository with its Git identity
  // and show (and offer to close) its PRs as the Stage's: any repository the
  // portal's integration can read, whatever the Kargo project may read.
  it('takes no repository from a PR URL no PR step of the Stage recorded in its own repository', () => {
    const victim = 'https://github.com/acme/private-payroll';
    const forged = promotion(
      'checkout',
      'prod',
      71,
      'abc1234',
      'Succeeded',
      [
        { uses: 'compose-output', as: 'fake', config: {} },
        {
          uses: 'git-open-pr',
          as: 'open-pr',
          config: { repoURL: 'https://github.com/acme/checkout-deploy' },
        },
      ],
      {
        fake: { pr: { id: 7, url: `${victim}/pull/7` } },
        'open-pr': { pr: { id: 8, url: `${victim}/pull/8` } },
      },
    );
    expect(repositoriesOfStage(prodStage, [forged])).not.toContain(victim);
    const listed = [7, 8].map(number => ({
      provider: 'github',
      repoUrl: victim,
      number,
      title: `Payroll change ${number}`,
      url: `${victim}/pull/${number}`,
      state: 'open' as const,
      sourceBranch: `feature-${number}`,
      targetBranch: 'main',
      author: 'payroll-dev',
      createdAt: '2026-12-01T00:00:00Z',
      fromFork: false,
    }));
    expect(
      attributePullRequests({
        stage: prodStage,
        promotions: [forged],
        pullRequests: listed,
      }),
    ).toEqual([]);
  });

  // Issue 35, attack 5: the template's step of an alias stood in for the
  // Promotion's. A record a compose-output wrote under `open-pr` counted
  // once the Stage's template had a git-open-pr `open-pr` whose repository
  // is only known at run time: the repository the record named joined the
  // Stage's.
  it("counts a record under the Promotion's own step of that alias, not the template's of the same alias", () => {
    const victim = 'https://github.com/acme/private-payroll';
    const edited = stage({
      project: 'checkout',
      name: 'prod',
      warehouse: 'checkout',
      steps: [
        {
          uses: 'git-open-pr',
          as: 'open-pr',
          config: { repoURL: '${{ outputs.clone.repo }}' },
        },
      ],
    });
    const forged = promotion(
      'checkout',
      'prod',
      71,
      'abc1234',
      'Succeeded',
      [{ uses: 'compose-output', as: 'open-pr', config: {} }],
      { 'open-pr': { pr: { id: 7, url: `${victim}/pull/7` } } },
    );
    expect(repositoriesOfStage(edited, [forged])).not.toContain(victim);
    // A Promotion read without its steps still takes the template's.
    const stepless = { ...forged, spec: { ...forged.spec!, steps: [] } };
    expect(repositoriesOfStage(edited, [stepless])).toContain(victim);
  });
});
