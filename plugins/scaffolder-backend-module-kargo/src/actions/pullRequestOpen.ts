import type { ScmIntegrationRegistry } from '@backstage/integration';
import { InputError, NotFoundError } from '@backstage/errors';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  isValidKubernetesName,
  kargoPullRequestOpenPermission,
  pullRequestTargetOfStage,
  type Promotion,
  type StagePullRequestTarget,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';
import { auditedWrite } from './audit';
import { examples } from './pullRequestOpen.examples';
import { toRepositoryUrl } from './repoUrl';
import type { KargoActionOptions } from './shared';
import {
  authorizeAndGetStage,
  objectNameInput,
  stageActionInputs,
} from './stageAction';

async function promotionOrInputError(
  cluster: KargoClusterClient,
  project: string,
  name: string | undefined,
): Promise<Promotion[]> {
  if (!name) return [];
  if (!isValidKubernetesName(name)) {
    throw new InputError(
      `Invalid promotion ${JSON.stringify(
        name,
      )}: must be a Kubernetes object name`,
    );
  }
  try {
    return [await cluster.getPromotion(project, name)];
  } catch (error) {
    if (
      error instanceof NotFoundError ||
      (error as Error)?.name === 'NotFoundError'
    ) {
      throw new InputError(`Promotion ${name} not found in project ${project}`);
    }
    throw error;
  }
}

/**
 * `kargo:pull-request:open`: returns the open pull/merge request a Stage's
 * `git-open-pr` step opens, or opens it. Repository, head and base come from
 * the Stage (and its Promotion), never from the template: the action can
 * only do what Kargo's own step would. Unlike Backstage's publish actions it
 * never fails with "already exists" (GitHub 422, GitLab 409).
 *
 * @public
 */
export function createKargoPullRequestOpenAction(
  options: KargoActionOptions & {
    integrations: ScmIntegrationRegistry;
    /** `kargo.pullRequests.allowedRepositories`: repositories a template may name. */
    allowedRepositories?: string[];
  },
) {
  const { kargo, permissions, integrations, allowedRepositories } = options;
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

      const credentials = await ctx.getInitiatorCredentials();
      const result = await auditedWrite({
        policy: options,
        credentials,
        eventId: 'kargo-pull-request-open',
        meta: {
          instance: instanceName,
          project,
          stage,
          promotion: promotion ?? null,
        },
        write: async () => {
          const stageObject = await authorizeAndGetStage({
            permissions,
            credentials,
            permission: kargoPullRequestOpenPermission,
            cluster,
            project,
            stage,
          });
          const target = pullRequestTargetOfStage({
            stage: stageObject,
            promotions: await promotionOrInputError(
              cluster,
              project,
              promotion,
            ),
            promotion,
            repoUrl: requestedRepo || undefined,
            allowedRepositories,
          });
          if ('error' in target) throw new InputError(target.error);
          const {
            repoUrl,
            sourceBranch,
            targetBranch,
          }: StagePullRequestTarget = target;
          return ctx.checkpoint({
            key: `kargo.pull-request.open.${repoUrl}.${sourceBranch}.${targetBranch}`,
            fn: async () => {
              const opened = await kargo.pullRequests.openOrReclaim({
                repoUrl,
                sourceBranch,
                targetBranch,
                title,
                description,
              });
              return {
                number: opened.number,
                url: opened.url,
                reclaimed: opened.reclaimed,
                sourceBranch,
                targetBranch,
              };
            },
          });
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
