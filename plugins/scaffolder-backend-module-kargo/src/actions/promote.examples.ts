import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'Promote Freight by alias and move on',
    example: yaml.stringify({
      steps: [
        {
          id: 'promote',
          action: 'kargo:promote',
          name: 'Promote to staging',
          input: {
            project: 'checkout',
            stage: 'staging',
            freight: 'calm-heron',
          },
        },
      ],
    }),
  },
  {
    description:
      'Promote Freight by name on a named Kargo instance and wait up to 5 minutes for the Promotion to finish',
    example: yaml.stringify({
      steps: [
        {
          id: 'promote',
          action: 'kargo:promote',
          name: 'Promote to dev and wait',
          input: {
            instance: 'sandbox',
            project: 'checkout',
            stage: 'dev',
            freight: '7b71b29926925082bfad6693112fdb49674826a5',
            wait: true,
            timeoutSeconds: 300,
          },
        },
      ],
    }),
  },
  {
    description:
      'Promote into a Stage that ends with git-wait-for-pr and continue once Kargo has opened the pull request',
    example: yaml.stringify({
      steps: [
        {
          id: 'promote',
          action: 'kargo:promote',
          name: 'Promote to prod',
          input: {
            project: 'checkout',
            stage: 'prod',
            freight: 'dapper-lynx',
            waitForPullRequest: true,
          },
        },
      ],
    }),
  },
];
