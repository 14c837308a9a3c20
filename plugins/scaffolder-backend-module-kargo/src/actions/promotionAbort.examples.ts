import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Abort the Promotion a Stage is running (e.g. one stuck waiting for a pull request)',
    example: yaml.stringify({
      steps: [
        {
          id: 'abort',
          action: 'kargo:promotion:abort',
          name: 'Abort the running Promotion of prod',
          input: { instance: 'sandbox', project: 'checkout', stage: 'prod' },
        },
      ],
    }),
  },
];
