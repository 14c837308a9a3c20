import type { ScmIntegrationRegistry } from '@backstage/integration';
import { InputError } from '@backstage/errors';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { kargoPullRequestOpenPermission } from '@kargo-backstage/plugin-kargo-common';
import { examples } from './pullRequestOpen.examples';
import { toRepositoryUrl } from './repoUrl';
import { authorizeInitiator, type KargoActionOptions } from './shared';

/**
 * `kargo:pull-request:open`: returns the open pull/merge request from the
 * source to the target branch, or opens one. Unlike Backstage's publish
 * actions it never fails with "already exists" (GitHub 422, GitLab 409).
 *
 * @public
 */
export function createKargoPullRequestOpenAction(
  options: KargoActionOptions & { integrations: ScmIntegrationRegistry },
) {
  const { kargo, permissions, integrations } = options;
  return createTemplateAction({
    id: 'kargo:pull-request:open',
    description:
      'Opens a pull request (GitHub) or merge request (GitLab) from a source to a target branch, or reclaims the one already open.',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        repoUrl: z =>
          z
            .string()
            .min(1)
            .describe(
              'Repository: github.com?owner=o&repo=r (RepoUrlPicker) or https://host/owner/repo',
            ),
        sourceBranch: z =>
          z.string().min(1).describe('Branch with the changes (must exist)'),
        targetBranch: z => z.string().min(1).describe('Branch to merge into'),
        title: z => z.string().min(1).describe('Title of the pull request'),
        description: z =>
          z.string().optional().describe('Body of the pull request'),
      },
      output: {
        number: z => z.number().describe('Pull/merge request number'),
        url: z => z.string().describe('Web URL of the pull/merge request'),
        reclaimed: z =>
          z.boolean().describe('True when an already open one was returned'),
      },
    },
    async handler(ctx) {
      const { sourceBranch, targetBranch, title, description } = ctx.input;
      const repoUrl = toRepositoryUrl(ctx.input.repoUrl, integrations);
      if (sourceBranch === targetBranch) {
        throw new InputError(
          `Source and target branch are both ${sourceBranch}: a pull request needs two branches`,
        );
      }

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would open or reclaim a pull request ${sourceBranch} -> ${targetBranch} on ${repoUrl}`,
        );
        ctx.output('number', 1);
        const gitlab = integrations.byUrl(repoUrl)?.type === 'gitlab';
        ctx.output(
          'url',
          `${repoUrl}/${gitlab ? '-/merge_requests' : 'pull'}/1`,
        );
        ctx.output('reclaimed', false);
        return;
      }

      await authorizeInitiator(
        permissions,
        await ctx.getInitiatorCredentials(),
        { permission: kargoPullRequestOpenPermission },
      );
      const result = await ctx.checkpoint({
        key: `kargo.pull-request.open.${repoUrl}.${sourceBranch}.${targetBranch}`,
        fn: async () => {
          const { number, url, reclaimed } =
            await kargo.pullRequests.openOrReclaim({
              repoUrl,
              sourceBranch,
              targetBranch,
              title,
              description,
            });
          return { number, url, reclaimed };
        },
      });
      ctx.logger.info(
        `${result.reclaimed ? 'Reclaimed the open' : 'Opened'} pull request ${
          result.url
        }`,
      );
      ctx.output('number', result.number);
      ctx.output('url', result.url);
      ctx.output('reclaimed', result.reclaimed);
    },
  });
}
