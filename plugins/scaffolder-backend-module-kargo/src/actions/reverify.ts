import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './reverify.examples';
import { runKargoCommand } from './runCommand';
import type { KargoActionOptions } from './shared';
import {
  checkStageNames,
  stageActionInputs,
  timeoutSecondsInput,
  timeoutSecondsOf,
} from './stageAction';
import { waitForNewVerification } from './waitForVerification';

/**
 * `kargo:reverify`: asks Kargo to verify a Stage's current Freight again,
 * with the same rules as the REST API (a stale Running entry never blocks).
 *
 * @public
 */
export function createKargoReverifyAction(options: KargoActionOptions) {
  const { kargo, pollIntervalMs = 1000 } = options;
  return createTemplateAction({
    id: 'kargo:reverify',
    description:
      "Asks Kargo to verify a Stage's current Freight again, optionally waiting for the new verification to finish.",
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...stageActionInputs('Stage to verify again'),
        wait: z =>
          z
            .boolean()
            .optional()
            .describe('Wait until the new verification has finished'),
        timeoutSeconds: timeoutSecondsInput,
      },
      output: {
        verificationId: z =>
          z
            .string()
            .describe(
              'With wait: id of the new verification. Without: id of the verification Kargo was asked to repeat (Kargo assigns the new id when it starts)',
            ),
        phase: z =>
          z
            .string()
            .optional()
            .describe(
              "With wait: the new verification's live phase (from its AnalysisRun)",
            ),
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
      const { project, stage, instance, wait } = ctx.input;
      const timeoutSeconds = timeoutSecondsOf(ctx.input);
      const cluster = kargo.cluster(instance);
      const instanceName = cluster.instance.name;

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would ask Kargo to verify Stage ${stage} of project ${project} on ${instanceName} again`,
        );
        ctx.output('verificationId', '00000000-0000-0000-0000-000000000000');
        if (wait) ctx.output('phase', 'Successful');
        return;
      }

      checkStageNames(project, stage);
      // A retried task must not ask for a second verification.
      const { id, actedAs } = await ctx.checkpoint({
        key: `kargo.reverify.${instanceName}.${project}.${stage}`,
        fn: async () => {
          const result = await runKargoCommand(options, ctx, 'reverify', {
            instance: instanceName,
            project,
            stage,
          });
          return { id: result.id, actedAs: result.actedAs };
        },
      });
      ctx.output('actedAs', actedAs);
      ctx.logger.info(
        `Asked Kargo to repeat verification ${id} of Stage ${stage}`,
      );
      if (!wait) {
        ctx.output('verificationId', id);
        return;
      }

      const { progress, finished } = await waitForNewVerification({
        cluster,
        project,
        stage,
        previousId: id,
        timeoutMs: timeoutSeconds * 1000,
        intervalMs: pollIntervalMs,
        signal: ctx.signal,
      });
      ctx.output('verificationId', progress.id ?? id);
      ctx.output('phase', progress.phase);
      if (!finished) {
        throw new Error(
          progress.id
            ? `Verification ${progress.id} of Stage ${stage} did not finish within ${timeoutSeconds} seconds (phase ${progress.phase})`
            : `Kargo did not start a new verification of Stage ${stage} within ${timeoutSeconds} seconds (it starts one only once the Stage is Healthy)`,
        );
      }
      ctx.logger.info(
        `Verification ${progress.id} of Stage ${stage} ended ${progress.phase}`,
      );
    },
  });
}
