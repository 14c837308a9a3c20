import { InputError, NotFoundError } from '@backstage/errors';
import {
  abortablePromotionOf,
  errorWithReason,
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
    if (action === 'reverify') await api.reverify(project, stage, as.identity);
    else await api.abortVerification(project, stage, as.identity);
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
        .promote(project, request.stage, { freight: freightName }, as.identity);
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
      await kargo.kargoApi(instance).abortPromotion(project, name, as.identity);
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
        .approveFreight(project, freightName, request.stage, as.identity);
      return { freight: freightName };
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
): asserts as is Exclude<KargoWriteAs, { actedAs: 'kubernetes' }> {
  if (as.actedAs === 'kubernetes') {
    throw new InputError(
      `Refreshing needs Kargo's API: instance ${instance} writes through Kubernetes (writes: kubernetes)`,
    );
  }
}
