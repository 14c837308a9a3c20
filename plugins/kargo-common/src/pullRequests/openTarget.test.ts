import type { Promotion, Stage } from '../types';
import { normalizeBranchName } from './branchName';
import { pullRequestTargetOfStage } from './openTarget';

const REPO = 'https://github.com/acme/checkout-deploy';

function stage(
  steps: unknown[],
  vars = [{ name: 'repoURL', value: REPO }],
): Stage {
  return {
    metadata: { name: 'staging', namespace: 'checkout' },
    spec: { vars, promotionTemplate: { spec: { steps } } },
  } as Stage;
}

const generated = [
  { uses: 'git-clone', config: { repoURL: '${{ vars.repoURL }}' } },
  { uses: 'git-push', as: 'push', config: { generateTargetBranch: true } },
  {
    uses: 'git-open-pr',
    as: 'open-pr',
    config: {
      repoURL: '${{ vars.repoURL }}',
      sourceBranch: '${{ outputs.push.branch }}',
      targetBranch: 'stage/staging',
    },
  },
];

function promotionOf(name: string, state?: Record<string, unknown>): Promotion {
  return {
    metadata: { name, namespace: 'checkout' },
    spec: { stage: 'staging', steps: generated as any },
    status: { state },
  } as Promotion;
}

describe('pullRequestTargetOfStage', () => {
  it("derives repository, head and base from the Stage's git-open-pr step and the Promotion", () => {
    const p = promotionOf('staging.01abc.8a7861b');
    expect(
      pullRequestTargetOfStage({
        stage: stage(generated),
        promotions: [p],
        promotion: p.metadata!.name,
      }),
    ).toEqual({
      repoUrl: REPO,
      sourceBranch: 'kargo/promotion/staging.01abc.8a7861b',
      targetBranch: 'stage/staging',
      promotion: 'staging.01abc.8a7861b',
    });
  });

  it('prefers the branch the Promotion recorded, and strips refs/heads/', () => {
    const p = promotionOf('staging.01abc.8a7861b', {
      push: { branch: 'refs/heads/kargo/x' },
    });
    expect(
      pullRequestTargetOfStage({
        stage: stage(generated),
        promotions: [p],
        promotion: 'staging.01abc.8a7861b',
      }),
    ).toMatchObject({ sourceBranch: 'kargo/x' });
  });

  it('needs the Promotion when the head is generated per Promotion', () => {
    expect(
      pullRequestTargetOfStage({ stage: stage(generated), promotions: [] }),
    ).toEqual({
      error: expect.stringMatching(/only known for a Promotion/),
    });
  });

  it('refuses a Promotion of another Stage', () => {
    const other = {
      ...promotionOf('prod.01abc.8a7861b'),
      spec: { stage: 'prod' },
    } as Promotion;
    expect(
      pullRequestTargetOfStage({
        stage: stage(generated),
        promotions: [other],
        promotion: 'prod.01abc.8a7861b',
      }),
    ).toEqual({
      error: 'Promotion prod.01abc.8a7861b is not a Promotion of Stage staging',
    });
  });

  it('refuses a fork head the step resolves to (owner:branch)', () => {
    const fork = stage(
      [
        {
          uses: 'git-open-pr',
          config: {
            repoURL: REPO,
            sourceBranch: '${{ vars.head }}',
            targetBranch: 'main',
          },
        },
      ],
      [{ name: 'head', value: 'mallory:main' }],
    );
    expect(pullRequestTargetOfStage({ stage: fork, promotions: [] })).toEqual({
      error: expect.stringMatching(/fork heads and other refs are refused/),
    });
  });

  it('refuses a repository the Stage does not name unless allowedRepositories lists it', () => {
    const input = {
      stage: stage(generated),
      promotions: [promotionOf('staging.01a.b')],
      promotion: 'staging.01a.b',
    };
    expect(
      pullRequestTargetOfStage({
        ...input,
        repoUrl: 'https://github.com/victim/repo',
      }),
    ).toEqual({
      error: expect.stringMatching(/does not list it/),
    });
    expect(
      pullRequestTargetOfStage({
        ...input,
        repoUrl: 'https://github.com/victim/repo',
        allowedRepositories: ['https://github.com/Victim/repo.git'],
      }),
    ).toMatchObject({
      repoUrl: 'https://github.com/victim/repo',
      sourceBranch: 'kargo/promotion/staging.01a.b',
    });
  });

  it('accepts the repository in another spelling of the one the step names', () => {
    expect(
      pullRequestTargetOfStage({
        stage: stage(generated),
        promotions: [promotionOf('staging.01a.b')],
        promotion: 'staging.01a.b',
        repoUrl: 'git@github.com:acme/checkout-deploy.git',
      }),
    ).toMatchObject({ repoUrl: REPO });
  });

  it('says so when the Stage opens no pull request', () => {
    expect(
      pullRequestTargetOfStage({ stage: stage([]), promotions: [] }),
    ).toEqual({
      error:
        'Stage staging has no git-open-pr step: Kargo opens no pull request for it',
    });
  });
});

describe('normalizeBranchName', () => {
  it.each([
    'owner:branch',
    'refs/tags/v1',
    'a..b',
    'a b',
    'a\nb',
    '-x',
    'x/',
    '/x',
    'a//b',
    'x.lock',
    '.x',
    'a@{1}',
    'a~1',
    'a^',
    'a*',
    'a[b',
    'a\\b',
    '',
    '@',
  ])('refuses %j', name => {
    expect(normalizeBranchName(name)).toBeUndefined();
  });
  it.each([
    ['main', 'main'],
    ['refs/heads/release/x', 'release/x'],
    [
      'kargo/promotion/staging.01abc.8a7861b',
      'kargo/promotion/staging.01abc.8a7861b',
    ],
  ])('accepts %j', (name, expected) => {
    expect(normalizeBranchName(name)).toBe(expected);
  });
});
