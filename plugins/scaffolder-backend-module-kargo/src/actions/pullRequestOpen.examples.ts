import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      "Reclaim the GitLab merge request a Stage's git-open-pr step opens from its fixed source branch, instead of failing with 409",
    example: yaml.stringify({
      steps: [
        {
          id: 'mr',
          action: 'kargo:pull-request:open',
          name: 'Open or reclaim the merge request',
          input: {
            project: 'payments',
            stage: 'prod',
            title: 'Release payments to prod',
          },
        },
      ],
    }),
  },
  {
    description:
      "Reclaim the GitHub pull request a failed Promotion left open: the head is the branch the Stage's git-push generated for that Promotion",
    example: yaml.stringify({
      steps: [
        {
          id: 'pr',
          action: 'kargo:pull-request:open',
          name: 'Open the release pull request',
          input: {
            project: 'checkout',
            stage: 'prod',
            promotion: 'prod.01m8gc3hq058yknpaw4wf74bg7.8a7861b',
            title: 'Release calm-heron to prod',
            description: 'Reclaimed from Backstage.',
          },
        },
      ],
    }),
  },
];
