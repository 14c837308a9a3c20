import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { resolveInstance } from '../router/params';
import type { KargoActionsOptions } from './types';

/**
 * `approve-freight`: a thin adapter onto the one write pipeline, like
 * reverify-stage. A tool call carries no person's Kargo token, so Kargo is
 * asked as the portal (the instance's api.token), or the write is refused.
 */
export function registerApproveFreightAction(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  const { kargo, commands } = options;
  registry.register({
    name: 'approve-freight',
    title: 'Approve Kargo Freight for a Stage',
    description:
      "Approves Freight (name or alias) of the project for a Stage, so it can be promoted there without passing the Stage's upstream Stages (Kargo's manual approval). Needs kargo.freight.approve on the Stage; Kargo is then asked with the portal's Kargo API token (the instance's api.token), and refuses or records that account. Approving Freight already approved succeeds.",
    attributes: { readOnly: false, destructive: true, idempotent: true },
    schema: {
      input: z =>
        z.object({
          project: z
            .string()
            .regex(
              /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
              'must be a Kargo project (namespace) name',
            )
            .describe('Kargo project (the Kubernetes namespace)'),
          stage: z
            .string()
            .max(253)
            .regex(
              /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/,
              'must be a Kargo Stage name',
            )
            .describe('The Stage to approve the Freight for'),
          freight: z
            .string()
            .min(1)
            .max(253)
            .describe('Name or alias of a Freight of the project'),
          instance: z
            .string()
            .optional()
            .describe(
              'Configured Kargo instance; the first configured one when omitted',
            ),
        }),
      output: z =>
        z.object({
          freight: z.string().describe('Name of the Freight approved'),
          actedAs: z
            .enum(['person', 'portal', 'kubernetes'])
            .describe('As whom Kargo saw the write'),
          message: z.string(),
        }),
    },
    action: async ({ input, credentials }) => {
      const instance = resolveInstance(
        { instance: input.instance },
        kargo.listInstances().map(i => i.name),
      );
      const { freight, actedAs } = await commands.run(
        'approveFreight',
        {
          instance,
          project: input.project,
          stage: input.stage,
          freight: input.freight,
        },
        { credentials },
      );
      return {
        output: {
          freight,
          actedAs,
          message: `Kargo approved Freight ${freight} for Stage ${input.stage}: it can be promoted there now`,
        },
      };
    },
  });
}
