import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import {
  reasonOf,
  buildPromotion,
  decidePromotionAbort,
  errorWithReason,
  freightAlias,
  generatePromotionName,
  isFreightAvailableToStage,
  promotionAbortAnnotation,
  resolveFreight,
  type Freight,
  type Promotion,
  type Reason,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import { ulid } from 'ulid';
import type { KargoClusterClient } from '../types';

/**
 * The Freight of a project named `nameOrAlias`, read from the cluster (name
 * first, then alias, as Kargo's API does). InputError when there is none.
 *
 * @public
 */
export async function getProjectFreight(
  cluster: KargoClusterClient,
  project: string,
  nameOrAlias: string,
): Promise<Freight> {
  const resolved = resolveFreight(
    await cluster.listFreight(project),
    nameOrAlias,
    project,
  );
  if (!resolved.freight) {
    throw errorWithReason(InputError, resolved.reason);
  }
  return resolved.freight;
}

/** @public */
export interface PromoteFreightOptions {
  cluster: KargoClusterClient;
  project: string;
  /** The Stage as the cluster holds it. */
  stage: Stage;
  /** The Freight as the cluster holds it ({@link getProjectFreight}). */
  freight: Freight;
  /** Who asks, recorded as Kargo's create-actor annotation. */
  actor?: string;
}

/**
 * Kargo's own checks before a promotion, on the Stage and Freight as read:
 * the Freight must be available to the Stage (verified upstream, soaked, or
 * approved) and the Stage must have promotion steps. Throws InputError with
 * the reason (it names the Freight and the Stage) otherwise. Every write
 * path decides by it, so each refuses alike and explains why; Kargo's API
 * decides last.
 *
 * @public
 */
export function checkPromotable(stage: Stage, freight: Freight): void {
  const stageName = stage.metadata?.name ?? '';
  const availability = isFreightAvailableToStage(freight, stage);
  if (!availability.available) {
    const { code, params } = availability;
    throw errorWithReason(InputError, { code, params } as Reason, {
      message: `Freight ${
        freightAlias(freight) ?? freight.metadata?.name ?? ''
      } is not available to Stage ${stageName}: ${availability.reason}`,
    });
  }
  if (!stage.spec?.promotionTemplate?.spec?.steps?.length) {
    throw errorWithReason(InputError, {
      code: 'noPromotionSteps',
      params: { stage: stageName },
    });
  }
}

/**
 * Creates the Promotion Kargo's API server would create for this Stage and
 * Freight, after {@link checkPromotable}: the `writes: kubernetes` path
 * (Kargo's webhook then records the service account as its creator).
 * Returns the name the Promotion got.
 *
 * @public
 */
export async function promoteFreight(
  options: PromoteFreightOptions,
): Promise<{ promotion: string; freight: string }> {
  const { cluster, project, stage, freight, actor } = options;
  const stageName = stage.metadata?.name ?? '';
  const freightName = freight.metadata?.name ?? '';
  checkPromotable(stage, freight);
  const promotion = buildPromotion({
    stage,
    freight,
    name: generatePromotionName(stageName, freightName, ulid()),
    actor,
  });
  const created = await cluster.createPromotion(project, promotion);
  // Kargo's defaulting webhook may rename it: keep the name it got.
  return {
    promotion: created.metadata?.name ?? promotion.metadata!.name!,
    freight: freightName,
  };
}

/**
 * The Promotion `name` as the cluster holds it, if it promotes into `stage`
 * and has not ended: NotFoundError (`promotionNotFound`) when it does not
 * exist or belongs to another Stage (the caller's permission was checked on
 * `stage`, not on the Stage it belongs to), ConflictError with the reason
 * when it has ended. Every write path decides by these rules.
 *
 * @public
 */
export async function findAbortablePromotion(
  cluster: KargoClusterClient,
  project: string,
  stage: string,
  name: string,
): Promise<Promotion> {
  const notFound = () =>
    errorWithReason(NotFoundError, {
      code: 'promotionNotFound',
      params: { promotion: name, stage, project },
    });
  let promotion;
  try {
    promotion = await cluster.getPromotion(project, name);
  } catch (error) {
    if ((error as Error)?.name === 'NotFoundError') throw notFound();
    throw error;
  }
  const decision = decidePromotionAbort(promotion, stage);
  if (!decision.allowed && promotion.spec?.stage !== stage) throw notFound();
  if (!decision.allowed) {
    const { code, params } = decision;
    throw errorWithReason(ConflictError, { code, params } as Reason);
  }
  return promotion;
}

/** @public */
export interface AbortPromotionOptions {
  cluster: KargoClusterClient;
  project: string;
  /** The Stage the caller acts on; the Promotion must promote into it. */
  stage: string;
  /** Name of the Promotion, as the Stage's timeline lists it. */
  promotion: string;
  /** Who asks, recorded in Kargo's abort request (`actor`). */
  actor?: string;
}

/** Reads and patches tried before a conflict is the answer. */
const ABORT_ATTEMPTS = 5;

/**
 * Asks Kargo to terminate a Promotion (annotation `kargo.akuity.io/abort`
 * with `{"action":"terminate","actor":…}`, as Kargo's API writes it). What
 * is allowed is decided on the Promotion read from the cluster: it must
 * promote into `stage` and not have ended (ConflictError with the reason
 * otherwise). A Promotion that does not exist is a NotFoundError. Shared by
 * every entry point so all abort by the same rules.
 *
 * @public
 */
export async function abortPromotion(
  options: AbortPromotionOptions,
): Promise<{ promotion: string }> {
  const { cluster, project, stage, promotion: name, actor } = options;
  // A running Promotion's status changes while it runs: on a conflict it is
  // read again and checked again (it may have ended meanwhile: then the
  // reason is promotionEnded), as client-go's RetryOnConflict does.
  for (let attempt = 1; ; attempt++) {
    const promotion = await findAbortablePromotion(
      cluster,
      project,
      stage,
      name,
    );
    try {
      // resourceVersion: never annotate a Promotion other than the one
      // just checked.
      await cluster.patchPromotionAnnotations(
        project,
        name,
        promotionAbortAnnotation(actor),
        { resourceVersion: promotion.metadata?.resourceVersion },
      );
      return { promotion: name };
    } catch (error) {
      const conflict =
        (error as Error)?.name === 'ConflictError' && !reasonOf(error);
      if (!conflict || attempt >= ABORT_ATTEMPTS) throw error;
    }
  }
}
