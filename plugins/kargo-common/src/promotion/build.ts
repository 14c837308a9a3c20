import { KARGO_API_VERSION, KARGO_LABELS } from '../constants';
import type { Freight, Promotion, PromotionStep, Stage } from '../types';

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

/** Kargo's step alias: `as`, else `step-<n>` counted from 1 (`PromotionStep.GetAlias`). */
function stepAlias(step: PromotionStep, index: number): string {
  return step.as || `step-${index + 1}`;
}

function prUrlOf(output: unknown): string | undefined {
  if (!output || typeof output !== 'object') return undefined;
  const pr = (output as { pr?: unknown }).pr;
  if (!pr || typeof pr !== 'object') return undefined;
  const url = (pr as { url?: unknown }).url;
  return typeof url === 'string' && url ? url : undefined;
}

/**
 * The pull request URL a `git-open-pr` step recorded in the Promotion's
 * shared state (`status.state[<alias>].pr.url`, Kargo v1.5+). Steps that use
 * `git-open-pr` are looked at first; any other step output carrying `pr.url`
 * (such as `git-wait-for-pr`) is the fallback.
 *
 * @public
 */
export function recordedPullRequestUrl(
  promotion: Promotion,
): string | undefined {
  const state = promotion.status?.state;
  if (!state) return undefined;
  const steps = promotion.spec?.steps ?? [];
  for (const [index, step] of steps.entries()) {
    if (step.uses !== 'git-open-pr') continue;
    const url = prUrlOf(state[stepAlias(step, index)]);
    if (url) return url;
  }
  for (const output of Object.values(state)) {
    const url = prUrlOf(output);
    if (url) return url;
  }
  return undefined;
}
