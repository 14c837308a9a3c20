import {
  ConflictError,
  InputError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import {
  abortablePromotionOf,
  decidePullRequestClose,
  errorWithReason,
  isValidKubernetesName,
  pullRequestTargetOfStage,
  type Promotion,
  stageUsesRepository,
  type Stage,
  warehousesOfStage,
} from '@kargo-backstage/plugin-kargo-common';
import {
  abortPromotion,
  checkPromotable,
  findAbortablePromotion,
  getProjectFreight,
  promoteFreight,
} from '../operations/promotion';
import {
  abortVerification,
  decideVerificationAction,
  reverifyStage,
  type VerificationAction,
} from '../operations/verification';
import type { KargoClusterClient, KargoService } from '../types';
import type { KargoApiIdentity } from '../kargoApi/types';
import type { KargoCommandHandlers, KargoWriteAs } from './types';

/**
 * Runs `read`, turning the cluster's bare "not found" of the Stage into
 * `stageNotFound` (errors with a reason, e.g. Kargo's, pass unchanged).
 */
async function stageMustExist<T>(
  cluster: KargoClusterClient,
  project: string,
  stage: string,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (name !== 'NotFoundError' || code) throw error;
    throw errorWithReason(NotFoundError, {
      code: 'stageNotFound',
      params: { stage, project, instance: cluster.instance.name },
    });
  }
}

/** The Kargo identity of a write that goes to Kargo. */
function identityOf(as: KargoWriteAs): KargoApiIdentity {
  if ('identity' in as) return as.identity;
  // Only a command whose policy writes to Kargo reaches this.
  throw new Error('This command writes to Kargo and needs a Kargo identity');
}

/** The Stage as the cluster holds it; NotFoundError (`stageNotFound`) else. */
function readStage(
  cluster: KargoClusterClient,
  project: string,
  stage: string,
): Promise<Stage> {
  return stageMustExist(cluster, project, stage, () =>
    cluster.getStage(project, stage),
  );
}

/**
 * The Promotion a request names, of the project (none when not named or
 * missing: `pullRequestTargetOfStage` then answers that it is not one of the
 * Stage's, as for another Stage's, so the answer tells no other Stage's
 * Promotions apart). An InputError when it is no Kubernetes name.
 */
async function namedPromotion(
  cluster: KargoClusterClient,
  project: string,
  name: string | undefined,
): Promise<Promotion[]> {
  if (name === undefined || name === '') return [];
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
    if ((error as Error)?.name === 'NotFoundError') return [];
    throw error;
  }
}

/**
 * What the handlers take beside the Kargo service.
 *
 * @public
 */
export interface KargoCommandHandlersOptions {
  /**
   * `kargo.pullRequests.allowedRepositories`: repositories an open-PR
   * request may name although no `git-open-pr` step of the Stage names them
   * literally (head and base still come from the Stage).
   */
  allowedRepositories?: readonly string[];
}

/**
 * The commands, undecorated. Each derives what it touches from Kargo's own
 * objects read from the cluster (the Stage, the Freight by name or alias,
 * the Promotion and the Stage it promotes into), never from the request
 * alone, then writes through Kargo's API as the given identity, or through
 * the Kubernetes API on a `writes: kubernetes` instance (the operations of
 * ../operations, which also apply Kargo's own checks, as its API would).
 *
 * @public
 */
export function createKargoCommandHandlers(
  kargo: KargoService,
  options: KargoCommandHandlersOptions = {},
): KargoCommandHandlers {
  const verification = async (
    action: VerificationAction,
    request: { instance: string; project: string; stage: string },
    as: KargoWriteAs,
  ): Promise<{ id: string }> => {
    const { instance, project, stage } = request;
    const cluster = kargo.cluster(instance);
    if (as.actedAs === 'kubernetes') {
      const operation =
        action === 'reverify' ? reverifyStage : abortVerification;
      return stageMustExist(cluster, project, stage, () =>
        operation({ cluster, project, stage, actor: as.actor }),
      );
    }
    // Decided on live data first, so every entry point refuses alike and
    // Kargo is only asked about a verification we saw; Kargo decides last.
    const { id } = await stageMustExist(cluster, project, stage, () =>
      decideVerificationAction(cluster, project, stage, action),
    );
    const api = kargo.kargoApi(instance);
    if (action === 'reverify')
      await api.reverify(project, stage, identityOf(as));
    else await api.abortVerification(project, stage, identityOf(as));
    return { id };
  };

  return {
    async promote(request, as) {
      const { instance, project } = request;
      const cluster = kargo.cluster(instance);
      const stage = await readStage(cluster, project, request.stage);
      const freight = await getProjectFreight(
        cluster,
        project,
        request.freight,
      );
      if (as.actedAs === 'kubernetes') {
        return promoteFreight({
          cluster,
          project,
          stage,
          freight,
          actor: as.actor,
        });
      }
      // Kargo's own checks first, on what was read, for the reason in words.
      checkPromotable(stage, freight);
      const freightName = freight.metadata?.name ?? '';
      const created = await kargo
        .kargoApi(instance)
        .promote(
          project,
          request.stage,
          { freight: freightName },
          identityOf(as),
        );
      return { promotion: created.metadata?.name ?? '', freight: freightName };
    },

    reverify: (request, as) => verification('reverify', request, as),
    abortVerification: (request, as) => verification('abort', request, as),

    async abortPromotion(request, as) {
      const { instance, project, stage } = request;
      const cluster = kargo.cluster(instance);
      let name: string | null | undefined = request.promotion;
      if (!name) {
        // The Promotion the Stage runs, or the newest one queued for it.
        name = abortablePromotionOf(
          await readStage(cluster, project, stage),
          await cluster.listPromotions(project),
        );
        if (!name) {
          throw new InputError(
            `Stage ${stage} of project ${project} has no running or pending Promotion to abort`,
          );
        }
      }
      if (as.actedAs === 'kubernetes') {
        return abortPromotion({
          cluster,
          project,
          stage,
          promotion: name,
          actor: as.actor,
        });
      }
      await findAbortablePromotion(cluster, project, stage, name);
      await kargo
        .kargoApi(instance)
        .abortPromotion(project, name, identityOf(as));
      return { promotion: name };
    },

    async approveFreight(request, as) {
      const { instance, project } = request;
      const cluster = kargo.cluster(instance);
      // Both read first: a Stage and a Freight of this project, by Kargo's
      // objects (freightNotFound / stageNotFound otherwise).
      await readStage(cluster, project, request.stage);
      const freight = await getProjectFreight(
        cluster,
        project,
        request.freight,
      );
      const freightName = freight.metadata?.name ?? '';
      if (as.actedAs === 'kubernetes') {
        // Kargo approves by writing the Freight's status, which only its API
        // server does (pkg/server/approve_freight_v1alpha1.go).
        throw new InputError(
          `Approving Freight needs Kargo's API: instance ${instance} writes through Kubernetes (writes: kubernetes)`,
        );
      }
      await kargo
        .kargoApi(instance)
        .approveFreight(project, freightName, request.stage, identityOf(as));
      return { freight: freightName };
    },

    async closePullRequest(request) {
      const { instance, project, repoUrl, number, deleteBranch } = request;
      const cluster = kargo.cluster(instance);
      const git = kargo.pullRequests;
      if (!git.closePullRequest || !git.deleteBranch) {
        throw new ServiceUnavailableError(
          'This Kargo service cannot close pull requests',
        );
      }
      // Decided now, from Kargo's objects and the provider's listing, never
      // from what the page showed: a Promotion may have started meanwhile.
      const [stage, promotions] = await Promise.all([
        readStage(cluster, project, request.stage),
        cluster.listPromotions(project),
      ]);
      // Never a listing of a repository the Stage does not use: the request
      // names it, and the portal's Git access must not answer for it.
      const listed = stageUsesRepository(stage, promotions, repoUrl)
        ? await git.listOpenPullRequests(repoUrl)
        : [];
      const decision = decidePullRequestClose({
        stage,
        promotions,
        repoUrl,
        number,
        listed,
        deleteBranch,
      });
      if ('refusal' in decision) {
        throw decision.refusal.code === 'pullRequestNotOfStage'
          ? errorWithReason(NotFoundError, decision.refusal)
          : errorWithReason(ConflictError, decision.refusal);
      }
      await git.closePullRequest(repoUrl, number);
      let deletedBranch: string | null = null;
      if (deleteBranch) {
        try {
          await git.deleteBranch(repoUrl, decision.pr.sourceBranch);
          deletedBranch = decision.pr.sourceBranch;
        } catch (error) {
          // Already gone (deleted by hand, or by the provider on close).
          if ((error as Error).name !== 'NotFoundError') throw error;
        }
      }
      return { pullRequest: decision.pr.url, deletedBranch };
    },

    async openPullRequest(request) {
      const { instance, project, promotion, title, description } = request;
      const cluster = kargo.cluster(instance);
      // Decided from Kargo's objects: the Stage's git-open-pr step (for the
      // Promotion, which must be the Stage's), never from the request alone.
      const stage = await readStage(cluster, project, request.stage);
      const promotions = await namedPromotion(cluster, project, promotion);
      const target = pullRequestTargetOfStage({
        stage,
        promotions,
        promotion: promotion || undefined,
        repoUrl: request.repoUrl || undefined,
        allowedRepositories: [...(options.allowedRepositories ?? [])],
      });
      if ('error' in target) throw new InputError(target.error);
      const { repoUrl, sourceBranch, targetBranch } = target;
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
        repoUrl,
        sourceBranch,
        targetBranch,
      };
    },

    async refreshStage(request, as) {
      const { instance, project, stage } = request;
      await readStage(kargo.cluster(instance), project, stage);
      refreshNeedsKargoApi(instance, as);
      await kargo.kargoApi(instance).refreshStage(project, stage, as.identity);
      return {};
    },

    async refreshWarehouse(request, as) {
      const { instance, project, stage } = request;
      // The Warehouses come from the Stage's own spec.requestedFreight; a
      // name asked for must be one of them (never any Warehouse by name).
      const own = warehousesOfStage(
        await readStage(kargo.cluster(instance), project, stage),
      );
      const asked = request.warehouse;
      if (asked !== undefined && !own.includes(asked)) {
        throw new InputError(
          `Stage ${stage} of project ${project} requests no Freight from Warehouse ${asked}${
            own.length ? ` (it does from ${own.join(', ')})` : ''
          }`,
        );
      }
      const warehouses = asked !== undefined ? [asked] : own;
      if (!warehouses.length) {
        throw new InputError(
          `Stage ${stage} of project ${project} requests Freight from no Warehouse`,
        );
      }
      refreshNeedsKargoApi(instance, as);
      const api = kargo.kargoApi(instance);
      for (const warehouse of warehouses) {
        await api.refreshWarehouse(project, warehouse, as.identity);
      }
      return { warehouses };
    },
  };
}

/**
 * Refreshing goes through Kargo's API only: on `writes: kubernetes` there is
 * no person for Kargo to see, and Backstage's service account would be
 * patching Kargo's annotations behind its API.
 */
function refreshNeedsKargoApi(
  instance: string,
  as: KargoWriteAs,
): asserts as is Extract<KargoWriteAs, { identity: KargoApiIdentity }> {
  if (!('identity' in as)) {
    throw new InputError(
      `Refreshing needs Kargo's API: instance ${instance} writes through Kubernetes (writes: kubernetes)`,
    );
  }
}
