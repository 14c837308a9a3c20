import type { ScmIntegrationRegistry } from '@backstage/integration';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './pullRequestOpen.examples';
import { toRepositoryUrl } from './repoUrl';
import { runKargoCommand } from './runCommand';
import type { KargoActionOptions } from './shared';
import {
  checkStageNames,
  objectNameInput,
  stageActionInputs,
} from './stageAction';

/**
 * `kargo:pull-request:open`: returns the open pull/merge request a Stage's
 * `git-open-pr` step opens, or opens it. Repository, head and base come from
 * the Stage (and its Promotion), never from the template: the action can
 * only do what Kargo's own step would. Unlike Backstage's publish actions it
 * never fails with "already exists" (GitHub 422, GitLab 409).
 *
 * It runs the write pipeline's `openPullRequest` (as `kargo:pull-request:close`
 * runs `closePullRequest`): a Stage the initiator may not read is answered
 * as a missing one, then `kargo.pullrequest.open` on it, a service only with
 * `kargo.access.services[].write`, one audit event, and the portal's Git
 * identity. The repositories `kargo.pullRequests.allowedRepositories` lists
 * are the pipeline's (`createKargoCommandHandlers`).
 *
 * @public
 */
export function createKargoPullRequestOpenAction(
  options: KargoActionOptions & {
    integrations: ScmIntegrationRegistry;
    /**
     * Ignored: the write pipeline reads
     * `kargo.pullRequests.allowedRepositories` itself
     * (`createKargoCommandHandlers`' `allowedRepositories`).
     *
     * @deprecated The write pipeline's configuration decides.
     */
    allowedRepositories?: string[];
  },
) {
  const { kargo, integrations } = options;
  return createTemplateAction({
    id: 'kargo:pull-request:open',
    description:
      "Opens the pull request (GitHub) or merge request (GitLab) of a Stage's git-open-pr step, or reclaims the one already open.",
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...stageActionInputs(
          'Stage whose git-open-pr step names the pull request',
        ),
        promotion: z =>
          objectNameInput(
            z,
            'Promotion of the Stage; needed when its git-push generates the branch per Promotion',
          ).optional(),
        repoUrl: z =>
          z
            .string()
            .optional()
            .describe(
              "Repository, when the Stage's step does not name it literally; must then be listed in kargo.pullRequests.allowedRepositories",
            ),
        title: z => z.string().min(1).describe('Title of the pull request'),
        description: z =>
          z.string().optional().describe('Body of the pull request'),
      },
      output: {
        number: z => z.number().describe('Pull/merge request number'),
        url: z => z.string().describe('Web URL of the pull/merge request'),
        reclaimed: z =>
          z.boolean().describe('True when an already open one was returned'),
        sourceBranch: z => z.string().describe('Head branch, from the Stage'),
        targetBranch: z => z.string().describe('Base branch, from the Stage'),
      },
    },
    async handler(ctx) {
      const { project, stage, instance, promotion, title, description } =
        ctx.input;
      const requestedRepo =
        ctx.input.repoUrl && toRepositoryUrl(ctx.input.repoUrl, integrations);
      const cluster = kargo.cluster(instance);
      const instanceName = cluster.instance.name;

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would open or reclaim the pull request of Stage ${stage} of project ${project} on ${instanceName}`,
        );
        ctx.output('number', 1);
        ctx.output(
          'url',
          `${requestedRepo ?? 'https://github.com/dry/run'}/pull/1`,
        );
        ctx.output('reclaimed', false);
        ctx.output('sourceBranch', 'dry-run');
        ctx.output('targetBranch', 'main');
        return;
      }

      checkStageNames(project, stage);
      // The key names what the task asked for, so a retried task returns the
      // pull request it already opened (or reclaimed) instead of asking again.
      const result = await ctx.checkpoint({
        key: `kargo.pull-request.open.${instanceName}.${project}.${stage}.${
          promotion ?? ''
        }.${requestedRepo ?? ''}`,
        fn: async () => {
          const done = await runKargoCommand(options, ctx, 'openPullRequest', {
            instance: instanceName,
            project,
            stage,
            ...(promotion ? { promotion } : {}),
            ...(requestedRepo ? { repoUrl: requestedRepo } : {}),
            title,
            ...(description !== undefined ? { description } : {}),
          });
          return {
            number: done.number,
            url: done.url,
            reclaimed: done.reclaimed,
            sourceBranch: done.sourceBranch,
            targetBranch: done.targetBranch,
          };
        },
      });
      ctx.logger.info(
        `${result.reclaimed ? 'Reclaimed the open' : 'Opened'} pull request ${
          result.url
        } (${result.sourceBranch} -> ${result.targetBranch})`,
      );
      ctx.output('number', result.number);
      ctx.output('url', result.url);
      ctx.output('reclaimed', result.reclaimed);
      ctx.output('sourceBranch', result.sourceBranch);
      ctx.output('targetBranch', result.targetBranch);
    },
  });
}
