import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Open (or reclaim) a GitHub pull request, with the repository as the RepoUrlPicker writes it',
    example: yaml.stringify({
      steps: [
        {
          id: 'pr',
          action: 'kargo:pull-request:open',
          name: 'Open the release pull request',
          input: {
            repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
            sourceBranch: 'release/checkout-prod',
            targetBranch: 'main',
            title: 'Release checkout to prod',
            description: 'Opened from Backstage.',
          },
        },
      ],
    }),
  },
  {
    description:
      'Reclaim the GitLab merge request already open for a fixed source branch instead of failing with 409',
    example: yaml.stringify({
      steps: [
        {
          id: 'mr',
          action: 'kargo:pull-request:open',
          name: 'Open or reclaim the merge request',
          input: {
            repoUrl: 'https://gitlab.example.com/payments/deploy',
            sourceBranch: 'release/payments-prod',
            targetBranch: 'main',
            title: 'Release payments to prod',
          },
        },
      ],
    }),
  },
];
