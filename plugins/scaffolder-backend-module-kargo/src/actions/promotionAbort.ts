import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './promotionAbort.examples';
import { runKargoCommand } from './runCommand';
import type { KargoActionOptions } from './shared';
import { checkStageNames, stageActionInputs } from './stageAction';

/**
 * `kargo:promotion:abort`: asks Kargo to stop the Promotion a Stage runs (or
 * the newest one queued for it). Which Promotion is read from Kargo's
 * objects, never taken from input; the permission is the REST route's
 * (`kargo.stage.promote`: who may start Promotions into a Stage may stop
 * them) and the write is the shared `abortPromotion`.
 *
 * @public
 */
export function createKargoPromotionAbortAction(options: KargoActionOptions) {
  const { kargo } = options;
  return createTemplateAction({
    id: 'kargo:promotion:abort',
    description:
      'Aborts the Promotion a Kargo Stage is running (status.currentPromotion, else its newest Promotion that has not ended); the Stage keeps the Freight it has.',
    examples,
    supportsDryRun: true,
    schema: {
      input: stageActionInputs('Stage whose running Promotion to abort'),
      output: {
        promotion: z =>
          z.string().describe('Name of the Promotion asked to abort'),
        actedAs: z =>
          z
            .string()
            .optional()
            .describe(
              'As whom Kargo saw the write: person (the secret kargoToken), portal or kubernetes',
            ),
      },
    },
    async handler(ctx) {
      const { project, stage, instance } = ctx.input;
      const cluster = kargo.cluster(instance);
      const instanceName = cluster.instance.name;

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would abort the running Promotion of Stage ${stage} of project ${project} on ${instanceName}`,
        );
        ctx.output('promotion', `${stage}.dry-run`);
        return;
      }

      checkStageNames(project, stage);
      // Which Promotion is derived from Kargo's objects by the command (the
      // one the Stage runs, else its newest pending one). A retried task
      // finds the Promotion it already asked to abort.
      const { promotion, actedAs } = await ctx.checkpoint({
        key: `kargo.promotion.abort.${instanceName}.${project}.${stage}`,
        fn: async () => {
          const result = await runKargoCommand(options, ctx, 'abortPromotion', {
            instance: instanceName,
            project,
            stage,
          });
          return { promotion: result.promotion, actedAs: result.actedAs };
        },
      });
      ctx.output('actedAs', actedAs);
      ctx.logger.info(
        `Asked Kargo to abort Promotion ${promotion} of Stage ${stage}`,
      );
      ctx.output('promotion', promotion);
    },
  });
}
