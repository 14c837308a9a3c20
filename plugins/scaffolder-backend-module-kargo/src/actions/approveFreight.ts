import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';
import { runKargoCommand } from './runCommand';
import type { KargoActionOptions } from './shared';
import { checkStageNames, stageActionInputs } from './stageAction';

/**
 * `kargo:freight:approve`: approves Freight for a Stage through the one write
 * pipeline (kargo.freight.approve on the Stage, then Kargo's API as the
 * person whose token the template passed as `kargoToken`, or the portal).
 *
 * @public
 */
export function createKargoApproveFreightAction(options: KargoActionOptions) {
  const { kargo } = options;
  return createTemplateAction({
    id: 'kargo:freight:approve',
    description:
      "Approves Freight for a Stage, so it can be promoted there without passing the Stage's upstream Stages (Kargo's manual approval).",
    examples: [
      {
        description: 'Approve Freight for prod as the person running the task',
        example: yaml.stringify({
          steps: [
            {
              id: 'approve',
              action: 'kargo:freight:approve',
              name: 'Approve for prod',
              input: {
                project: 'checkout',
                stage: 'prod',
                freight: 'calm-heron',
              },
            },
          ],
        }),
      },
    ],
    supportsDryRun: true,
    schema: {
      input: {
        ...stageActionInputs('Stage to approve the Freight for'),
        freight: z =>
          z
            .string()
            .min(1)
            .max(253)
            .describe('Name or alias of a Freight of the project'),
      },
      output: {
        freight: z => z.string().describe('Name of the Freight approved'),
        actedAs: z =>
          z
            .string()
            .optional()
            .describe(
              "As whom Kargo saw the write: person (the secret kargoToken) or portal (the instance's Kargo API token)",
            ),
      },
    },
    async handler(ctx) {
      const { project, stage, freight, instance } = ctx.input;
      const instanceName = kargo.cluster(instance).instance.name;
      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would approve Freight ${freight} for Stage ${stage} of project ${project} on ${instanceName}`,
        );
        ctx.output('freight', freight);
        return;
      }
      checkStageNames(project, stage);
      const result = await runKargoCommand(options, ctx, 'approveFreight', {
        instance: instanceName,
        project,
        stage,
        freight,
      });
      ctx.output('freight', result.freight);
      ctx.output('actedAs', result.actedAs);
      ctx.logger.info(
        `Kargo approved Freight ${result.freight} for Stage ${stage}`,
      );
    },
  });
}
