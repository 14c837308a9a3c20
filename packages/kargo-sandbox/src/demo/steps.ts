/** promotionTemplate steps of the demo Stages, as Kargo 1.x users write them. */

type Obj = Record<string, any>;

/** Steps of a Stage that promotes through a pull request (git-push generateTargetBranch + git-open-pr). */
export function pullRequestSteps(
  stage: string,
  opts: { image: string; sourceBranch?: string; targetBranch?: string },
): Obj[] {
  const target = opts.targetBranch ?? `stage/${stage}`;
  return [
    {
      uses: 'git-clone',
      config: {
        repoURL: '${{ vars.repoURL }}',
        checkout: [
          { branch: 'main', path: './src' },
          { branch: target, create: true, path: './out' },
        ],
      },
    },
    {
      uses: 'kustomize-set-image',
      as: 'update-image',
      config: { path: `./src/env/${stage}`, images: [{ image: opts.image }] },
    },
    {
      uses: 'kustomize-build',
      config: { path: `./src/env/${stage}`, outPath: './out/manifests.yaml' },
    },
    {
      uses: 'git-commit',
      as: 'commit',
      config: {
        path: './out',
        message: "${{ outputs['update-image'].commitMessage }}",
      },
    },
    opts.sourceBranch
      ? {
          uses: 'git-push',
          as: 'push',
          config: { path: './out', targetBranch: opts.sourceBranch },
        }
      : {
          uses: 'git-push',
          as: 'push',
          config: { path: './out', generateTargetBranch: true },
        },
    {
      uses: 'git-open-pr',
      as: 'open-pr',
      config: {
        repoURL: '${{ vars.repoURL }}',
        sourceBranch: opts.sourceBranch ?? '${{ outputs.push.branch }}',
        targetBranch: target,
      },
    },
    {
      uses: 'git-wait-for-pr',
      as: 'wait-for-pr',
      config: {
        repoURL: '${{ vars.repoURL }}',
        prNumber: "${{ outputs['open-pr'].pr.id }}",
      },
    },
  ];
}

/** Steps of a Stage that pushes straight to its branch. */
export function directSteps(stage: string, image: string): Obj[] {
  return [
    {
      uses: 'git-clone',
      config: {
        repoURL: '${{ vars.repoURL }}',
        checkout: [
          { branch: 'main', path: './src' },
          { branch: `stage/${stage}`, create: true, path: './out' },
        ],
      },
    },
    {
      uses: 'kustomize-set-image',
      as: 'update-image',
      config: { path: `./src/env/${stage}`, images: [{ image }] },
    },
    {
      uses: 'kustomize-build',
      config: { path: `./src/env/${stage}`, outPath: './out/manifests.yaml' },
    },
    {
      uses: 'git-commit',
      as: 'commit',
      config: {
        path: './out',
        message: "${{ outputs['update-image'].commitMessage }}",
      },
    },
    {
      uses: 'git-push',
      as: 'push',
      config: { path: './out', targetBranch: `stage/${stage}` },
    },
    {
      uses: 'argocd-update',
      config: {
        apps: [
          {
            name: `${'${{ ctx.project }}'}-${stage}`,
            sources: [
              {
                repoURL: '${{ vars.repoURL }}',
                desiredRevision: '${{ outputs.commit.commit }}',
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * What git-commit (`as: commit`) and git-push (`as: push`) of
 * pullRequestSteps record in a Promotion's status.state on GitHub: the
 * commit, and the branch pushed to with the commit's URL (akuity/kargo
 * v1.11.2 pkg/promotion/runner/builtin/git_commiter.go, git_pusher.go:
 * `commit`, `branch`, `commitURL` from the GitHub provider's GetCommitURL).
 */
export function gitHubPushState(
  repoURL: string,
  branch: string,
  commit: string,
): Obj {
  return {
    commit: { commit },
    push: { commit, branch, commitURL: `${repoURL}/commit/${commit}` },
  };
}
