import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { generatePromotionName } from '@kargo-backstage/plugin-kargo-common';
import { ulid } from 'ulid';
import { examples } from './promote.examples';
import { followPromotion } from './waitForPromotion';
import { runKargoCommand } from './runCommand';
import type { KargoActionOptions } from './shared';
import {
  checkStageNames,
  stageActionInputs,
  timeoutSecondsInput,
  timeoutSecondsOf,
} from './stageAction';

/**
 * `kargo:promote`: promotes Freight into a Stage by creating a Promotion the
 * way Kargo's API server does.
 *
 * @public
 */
export function createKargoPromoteAction(options: KargoActionOptions) {
  const { kargo, pollIntervalMs = 1000 } = options;
  return createTemplateAction({
    id: 'kargo:promote',
    description:
      'Promotes Freight (by name or alias) into a Kargo Stage, optionally waiting for the Promotion to finish.',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...stageActionInputs('Stage to promote into'),
        freight: z =>
          z.string().min(1).describe('Freight name or alias to promote'),
        wait: z =>
          z
            .boolean()
            .optional()
            .describe('Wait until the Promotion succeeds, fails or aborts'),
        waitForPullRequest: z =>
          z
            .boolean()
            .optional()
            .describe(
              'Wait only until a git-open-pr step has recorded its pull request (or the Promotion ends)',
            ),
        timeoutSeconds: timeoutSecondsInput,
      },
      output: {
        promotion: z => z.string().describe('Name of the Promotion'),
        phase: z =>
          z
            .string()
            .describe('Phase of the Promotion (Pending unless waited for)'),
        pullRequestUrl: z =>
          z
            .string()
            .optional()
            .describe('Pull request a git-open-pr step recorded, if any'),
        actedAs: z =>
          z
            .string()
            .optional()
            .describe(
              "As whom Kargo saw the write: person (the secret kargoToken), portal (the instance's Kargo API token) or kubernetes (the fallback)",
            ),
      },
    },
    async handler(ctx) {
      const { project, stage, freight, instance, wait, waitForPullRequest } =
        ctx.input;
      const timeoutSeconds = timeoutSecondsOf(ctx.input);
      const cluster = kargo.cluster(instance);
      const instanceName = cluster.instance.name;

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would promote Freight ${freight} into Stage ${stage} of project ${project} on ${instanceName}`,
        );
        ctx.output('promotion', generatePromotionName(stage, freight, ulid()));
        let phase = 'Pending';
        if (wait) phase = 'Succeeded';
        else if (waitForPullRequest) phase = 'Running';
        ctx.output('phase', phase);
        return;
      }

      checkStageNames(project, stage);
      // The key names what is promoted where, so a retried task finds the
      // Promotion it already created instead of creating a second one.
      const {
        promotion: promotionName,
        freight: freightName,
        actedAs,
      } = await ctx.checkpoint({
        key: `kargo.promote.${instanceName}.${project}.${stage}.${freight}`,
        fn: async () => {
          const result = await runKargoCommand(options, ctx, 'promote', {
            instance: instanceName,
            project,
            stage,
            freight,
          });
          return {
            promotion: result.promotion,
            freight: result.freight,
            actedAs: result.actedAs,
          };
        },
      });
      ctx.output('actedAs', actedAs);
      ctx.logger.info(
        `Created Promotion ${promotionName} of Freight ${freightName} into Stage ${stage}`,
      );
      ctx.output('promotion', promotionName);

      if (!wait && !waitForPullRequest) {
        ctx.output('phase', 'Pending');
        return;
      }
      const outcome = await followPromotion({
        cluster,
        project,
        name: promotionName,
        untilPullRequest: !wait,
        timeoutSeconds,
        intervalMs: pollIntervalMs,
        signal: ctx.signal,
        onOutcome: ({ phase, pullRequestUrl }) => {
          ctx.output('phase', phase);
          if (pullRequestUrl) ctx.output('pullRequestUrl', pullRequestUrl);
        },
      });
      ctx.logger.info(
        `Promotion ${promotionName} is ${outcome.phase}${
          outcome.pullRequestUrl
            ? `; pull request ${outcome.pullRequestUrl}`
            : ''
        }`,
      );
    },
  });
}
