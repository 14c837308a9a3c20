/** Promotions, and the references a Stage's status keeps of them. */
import { Context, metadataOf, Obj } from './profile';

export type PromotionPhase = 'Succeeded' | 'Failed' | 'Errored' | 'Running';

export interface PromotionOptions {
  project: string;
  stage: string;
  /** The Freight it promotes; its `ref` becomes `status.freight`. */
  freight: { name: string; ref?: Obj };
  minutes: number;
  steps: Obj[];
  /** None: not started yet (no step has run). */
  phase?: PromotionPhase | string;
  message?: string;
  state?: Obj;
  /** Steps done (Succeeded) before the last one, which gets the final status. */
  reached?: number;
  /** Default: `<stage>.<ulid at minutes>.<first 7 of the Freight name>`. */
  name?: string;
  /**
   * Write the steps' progress (`finishedAt`, `currentStep`,
   * `stepExecutionMetadata`); default: when a phase is given.
   */
  progress?: boolean;
}

export function promotionBuilder(ctx: Context) {
  const promotionName = (stage: string, freight: string, minutes: number) =>
    `${stage}.${ctx.ulid(
      minutes,
      `promo/${stage}/${freight}/${minutes}`,
    )}.${freight.slice(0, 7)}`;

  /** A Promotion with its status as Kargo's controller writes it. */
  function promotion(opts: PromotionOptions): Obj {
    const name =
      opts.name ?? promotionName(opts.stage, opts.freight.name, opts.minutes);
    const reached = opts.reached ?? opts.steps.length - 1;
    const done = opts.phase !== 'Running';
    const alias = (s: Obj, i: number) => s.as ?? `step-${i + 1}`;
    // When each step ran: the lean profile gives all of them the first minute.
    const startOf = (i: number) =>
      ctx.at(opts.minutes + (i === reached && !ctx.lean ? 1 : 0));
    const finishOf = (i: number) =>
      ctx.at(opts.minutes + (i === reached && !ctx.lean ? 4 : 1));
    const progress =
      opts.progress ?? !!opts.phase
        ? {
            ...(done ? { finishedAt: ctx.at(opts.minutes + 4) } : {}),
            currentStep: reached,
            stepExecutionMetadata: opts.steps
              .slice(0, reached + 1)
              .map((s, i) => ({
                alias: alias(s, i),
                startedAt: startOf(i),
                ...(i < reached || done ? { finishedAt: finishOf(i) } : {}),
                status: i < reached ? 'Succeeded' : opts.phase,
                ...(i === reached && opts.message && opts.phase !== 'Succeeded'
                  ? { message: opts.message }
                  : {}),
              })),
          }
        : {};
    return {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: metadataOf(ctx, 'Promotion', name, opts.project, opts.minutes),
      spec: {
        stage: opts.stage,
        freight: opts.freight.name,
        steps: opts.steps,
      },
      status: {
        ...(opts.phase ? { phase: opts.phase } : {}),
        ...(opts.message ? { message: opts.message } : {}),
        ...(opts.freight.ref ? { freight: opts.freight.ref } : {}),
        startedAt: ctx.at(opts.minutes),
        ...progress,
        ...(opts.state ? { state: opts.state } : {}),
      },
    };
  }
  return { promotion, promotionName };
}

/** Stage.status.lastPromotion / currentPromotion from a Promotion object. */
export function promotionRef(p: Obj): Obj {
  const { phase, message, freight, startedAt, finishedAt, currentStep } =
    p.status;
  return {
    name: p.metadata.name,
    freight,
    status: {
      phase,
      ...(message ? { message } : {}),
      freight,
      startedAt,
      ...(finishedAt ? { finishedAt } : {}),
      currentStep,
    },
    ...(finishedAt ? { finishedAt } : {}),
  };
}
