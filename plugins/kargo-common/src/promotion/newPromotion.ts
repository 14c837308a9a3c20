import { KARGO_API_VERSION, KARGO_LABELS } from '../constants';
import type { Freight, Promotion, Stage } from '../types';

/** @public */
export interface BuildPromotionOptions {
  stage: Stage;
  /** The Freight object or its name (not its alias). */
  freight: Freight | string;
  /** From {@link generatePromotionName}. */
  name: string;
  /** Who asked for it, recorded like Kargo's API server does. */
  actor?: string;
}

/**
 * The Promotion Kargo's API server would create: the Stage's
 * promotionTemplate steps and vars copied into the spec, so the Promotion
 * runs what the Stage declared at the time it was asked for.
 *
 * @public
 */
export function buildPromotion(options: BuildPromotionOptions): Promotion {
  const { stage, name, actor } = options;
  const freightName =
    typeof options.freight === 'string'
      ? options.freight
      : options.freight.metadata?.name ?? '';
  const template = stage.spec?.promotionTemplate?.spec;
  const spec: NonNullable<Promotion['spec']> = {
    stage: stage.metadata?.name ?? '',
    freight: freightName,
    steps: structuredClone(template?.steps ?? []),
  };
  if (template?.vars?.length) spec.vars = structuredClone(template.vars);
  return {
    apiVersion: KARGO_API_VERSION,
    kind: 'Promotion',
    metadata: {
      name,
      namespace: stage.metadata?.namespace,
      ...(actor ? { annotations: { [KARGO_LABELS.createActor]: actor } } : {}),
    },
    spec,
  };
}
