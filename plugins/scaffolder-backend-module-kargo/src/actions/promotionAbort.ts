import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  abortablePromotionOf,
  kargoStagePromotePermission,
} from '@kargo-backstage/plugin-kargo-common';
import { abortPromotion } from '@kargo-backstage/plugin-kargo-node';
import { examples } from './promotionAbort.examples';
import { auditedWrite } from './audit';
import { initiatorActor, type KargoActionOptions } from './shared';
import { authorizeAndGetStage, stageActionInputs } from './stageAction';

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
  const { kargo, permissions } = options;
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

      const credentials = await ctx.getInitiatorCredentials();
      const { promotion } = await auditedWrite({
        policy: options,
        credentials,
        eventId: 'kargo-promotion-abort',
        severityLevel: 'high',
        meta: { instance: instanceName, project, stage },
        write: async () => {
          const stageObject = await authorizeAndGetStage({
            permissions,
            credentials,
            permission: kargoStagePromotePermission,
            cluster,
            project,
            stage,
          });
          // A retried task finds the Promotion it already asked to abort
          // (by then it has ended and would no longer be found running).
          return ctx.checkpoint({
            key: `kargo.promotion.abort.${instanceName}.${project}.${stage}`,
            fn: async () => {
              const name = abortablePromotionOf(
                stageObject,
                await cluster.listPromotions(project),
              );
              if (!name) {
                throw new InputError(
                  `Stage ${stage} of project ${project} has no running or pending Promotion to abort`,
                );
              }
              return abortPromotion({
                cluster,
                project,
                stage,
                promotion: name,
                actor: initiatorActor(ctx.user, credentials),
              });
            },
          });
        },
      });
      ctx.logger.info(
        `Asked Kargo to abort Promotion ${promotion} of Stage ${stage}`,
      );
      ctx.output('promotion', promotion);
    },
  });
}
