import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'Ask Kargo to verify the current Freight of a Stage again',
    example: yaml.stringify({
      steps: [
        {
          id: 'reverify',
          action: 'kargo:reverify',
          name: 'Verify staging again',
          input: { project: 'checkout', stage: 'staging' },
        },
      ],
    }),
  },
  {
    description:
      'Verify again and wait for the result (read from the AnalysisRun, not from the possibly stale Stage status)',
    example: yaml.stringify({
      steps: [
        {
          id: 'reverify',
          action: 'kargo:reverify',
          name: 'Verify dev again and wait',
          input: {
            instance: 'sandbox',
            project: 'checkout',
            stage: 'dev',
            wait: true,
            timeoutSeconds: 120,
          },
        },
      ],
    }),
  },
];
