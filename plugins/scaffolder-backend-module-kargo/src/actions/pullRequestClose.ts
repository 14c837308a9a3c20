import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';
import { runKargoCommand } from './runCommand';
import type { KargoActionOptions } from './shared';
import { checkStageNames, stageActionInputs } from './stageAction';

/**
 * `kargo:pull-request:close`: closes an orphaned PR/MR of a Stage (and
 * deletes its Promotion's branch when asked) through the one write pipeline
 * (kargo.pullrequest.close on the Stage, then the provider as the portal's
 * Git identity). What may be closed is decided from Kargo's objects and the
 * provider's listing, never from the input.
 *
 * @public
 */
export function createKargoPullRequestCloseAction(options: KargoActionOptions) {
  const { kargo } = options;
  return createTemplateAction({
    id: 'kargo:pull-request:close',
    description:
      "Closes an orphaned pull/merge request of a Stage (no Promotion waits on it; from a branch the Stage's Promotions push to, not a fork's) as the portal's Git identity, and optionally deletes its Promotion branch.",
    examples: [
      {
        description:
          "Close checkout/prod's orphaned GitHub PR 41 and delete its branch",
        example: yaml.stringify({
          steps: [
            {
              id: 'close-orphan',
              action: 'kargo:pull-request:close',
              name: 'Close the orphaned pull request',
              input: {
                project: 'checkout',
                stage: 'prod',
                repoUrl: 'https://github.com/acme/checkout-deploy',
                number: 41,
                deleteBranch: true,
              },
            },
          ],
        }),
      },
    ],
    supportsDryRun: true,
    schema: {
      input: {
        ...stageActionInputs('Stage whose orphaned pull request to close'),
        repoUrl: z =>
          z
            .string()
            .url()
            .max(2048)
            .describe("The pull request's repository, as the Stage lists it"),
        number: z => z.number().int().positive().describe('The PR/MR number'),
        deleteBranch: z =>
          z
            .boolean()
            .optional()
            .describe("Also delete its Promotion's branch (default false)"),
      },
      output: {
        pullRequest: z => z.string().describe("The closed PR/MR's web URL"),
        deletedBranch: z =>
          z.string().nullable().describe('The branch deleted, if any'),
      },
    },
    async handler(ctx) {
      const { project, stage, instance, repoUrl, number } = ctx.input;
      const deleteBranch = ctx.input.deleteBranch ?? false;
      const instanceName = kargo.cluster(instance).instance.name;
      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would close ${repoUrl} #${number} of Stage ${stage} of project ${project} on ${instanceName}${
            deleteBranch ? ' and delete its branch' : ''
          }`,
        );
        return;
      }
      checkStageNames(project, stage);
      const result = await runKargoCommand(options, ctx, 'closePullRequest', {
        instance: instanceName,
        project,
        stage,
        repoUrl,
        number,
        deleteBranch,
      });
      ctx.output('pullRequest', result.pullRequest);
      ctx.output('deletedBranch', result.deletedBranch);
      ctx.logger.info(
        `Closed ${result.pullRequest}${
          result.deletedBranch
            ? ` and deleted its branch ${result.deletedBranch}`
            : ''
        }`,
      );
    },
  });
}
