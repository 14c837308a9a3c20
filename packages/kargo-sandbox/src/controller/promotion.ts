/**
 * Runs new Promotions step by step (Kargo's local orchestrator, simplified)
 * and, on success, records the new freight collection on the Stage and starts
 * its verification.
 */
import { ControllerContext, setCondition } from './context';
import { evaluate, varsOf } from './expressions';
import { freightCollectionId, nowTime } from './naming';
import { abortRequestOf, holdsPromotion } from './promotionRequests';
import { runStep } from './steps';
import { startVerification } from './verification';
import { KubeObject } from '../kube/store';

const MAX_FREIGHT_HISTORY = 10;
const TERMINAL = new Set(['Succeeded', 'Failed', 'Errored', 'Aborted']);

function freightRef(f: KubeObject) {
  return {
    name: f.metadata.name,
    origin: f.origin,
    ...(f.commits ? { commits: f.commits } : {}),
    ...(f.images ? { images: f.images } : {}),
    ...(f.charts ? { charts: f.charts } : {}),
  };
}

/** The repository the last git-clone before step `index` cloned (its repoURL). */
function workTreeOf(
  steps: any[],
  index: number,
  env: Parameters<typeof evaluate>[1],
): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    if (steps[i]?.uses !== 'git-clone') continue;
    const url = evaluate(steps[i].config?.repoURL, env);
    return typeof url === 'string' && url ? url : undefined;
  }
  return undefined;
}

export class PromotionRunner {
  /** Promotions this runner owns (namespace/name), so each runs once. */
  private readonly running = new Set<string>();
  /** Promotions parked on git-wait-for-pr, woken by Git changes. */
  private readonly waiting = new Set<string>();
  /** Promotions kept at their step by the hold annotation. */
  private readonly held = new Set<string>();

  constructor(private readonly ctx: ControllerContext) {}

  /** Called for every Promotion event: starts the ones nobody ran yet. */
  consider(promo: KubeObject): void {
    const key = `${promo.metadata.namespace}/${promo.metadata.name}`;
    const phase = promo.status?.phase;
    const abort = abortRequestOf(promo);
    if (abort && !TERMINAL.has(phase)) {
      this.running.add(key);
      this.ctx.later(
        () =>
          this.terminate(
            promo.metadata.namespace!,
            promo.metadata.name,
            abort.actor,
          ),
        0,
      );
      return;
    }
    if (this.held.has(key) && !holdsPromotion(promo)) {
      this.held.delete(key);
      this.ctx.later(
        () => this.step(promo.metadata.namespace!, promo.metadata.name),
        0,
      );
      return;
    }
    if (this.running.has(key)) return;
    if (phase === 'Running') {
      // A Promotion loaded as Running (fixtures) resumes at its current step.
      this.running.add(key);
      this.ctx.later(() =>
        this.step(promo.metadata.namespace!, promo.metadata.name),
      );
    } else if (!phase) {
      this.running.add(key);
      this.ctx.later(() =>
        this.start(promo.metadata.namespace!, promo.metadata.name),
      );
    }
  }

  /** A PR changed: re-check the Promotions waiting for one. */
  wake(): void {
    for (const key of this.waiting) {
      const [ns, name] = key.split('/');
      this.waiting.delete(key);
      this.ctx.later(() => this.step(ns, name), 0);
    }
  }

  private start(ns: string, name: string) {
    const { ctx } = this;
    const promo = ctx.get(ctx.kinds.promotion, ns, name);
    if (!promo) return;
    const stage = ctx.get(ctx.kinds.stage, ns, promo.spec.stage);
    const freight = ctx.get(ctx.kinds.freight, ns, promo.spec.freight);
    let problem: string | undefined;
    if (!stage) problem = `Stage "${promo.spec.stage}" not found`;
    else if (!freight) problem = `Freight "${promo.spec.freight}" not found`;
    ctx.mutate(ctx.kinds.promotion, ns, name, p => {
      p.status = {
        phase: problem ? 'Errored' : 'Running',
        ...(problem ? { message: problem, finishedAt: nowTime() } : {}),
        startedAt: nowTime(),
        ...(freight ? { freight: freightRef(freight) } : {}),
        currentStep: 0,
      };
    });
    if (problem || !freight) return;
    ctx.mutate(ctx.kinds.stage, ns, promo.spec.stage, s => {
      s.status = s.status ?? {};
      s.status.currentPromotion = { name, freight: freightRef(freight) };
      setCondition(
        s,
        'Promoting',
        'True',
        'ActivePromotion',
        `Promotion "${name}" is running`,
      );
    });
    ctx.later(() => this.step(ns, name));
  }

  private step(ns: string, name: string) {
    const { ctx } = this;
    const promo = ctx.get(ctx.kinds.promotion, ns, name);
    if (!promo || TERMINAL.has(promo.status?.phase)) return;
    const stage = ctx.get(ctx.kinds.stage, ns, promo.spec.stage);
    const steps: any[] = promo.spec.steps ?? [];
    const index: number = promo.status?.currentStep ?? 0;
    if (index >= steps.length) {
      this.finish(ns, name, 'Succeeded', 'All steps completed');
      return;
    }
    const step = steps[index];
    const alias: string = step.as ?? `step-${index + 1}`;
    if (holdsPromotion(promo)) {
      this.hold(ns, name, index, alias);
      return;
    }
    const state = promo.status?.state ?? {};
    const env = {
      vars: varsOf(
        stage?.spec?.vars,
        stage?.spec?.promotionTemplate?.spec?.vars,
        promo.spec.vars,
        step.vars,
      ),
      outputs: state,
      ctx: {
        project: ns,
        stage: promo.spec.stage,
        promotion: name,
        targetFreight: { name: promo.spec.freight },
      },
    };
    const result = runStep(ctx, {
      uses: step.uses,
      alias,
      config: (evaluate(step.config ?? {}, env) ?? {}) as Record<string, any>,
      promotion: name,
      stage: promo.spec.stage,
      previous: state[alias],
      workTreeURL:
        step.uses === 'git-push' ? workTreeOf(steps, index, env) : undefined,
    });
    const done = result.status !== 'Running';
    ctx.mutate(ctx.kinds.promotion, ns, name, p => {
      const meta = [...(p.status.stepExecutionMetadata ?? [])];
      meta[index] = {
        alias,
        startedAt: meta[index]?.startedAt ?? nowTime(),
        ...(done ? { finishedAt: nowTime() } : {}),
        status: result.status,
        ...(result.message ? { message: result.message } : {}),
      };
      p.status.stepExecutionMetadata = meta;
      if (result.output)
        p.status.state = { ...p.status.state, [alias]: result.output };
      if (result.status === 'Succeeded') p.status.currentStep = index + 1;
    });
    if (result.status === 'Succeeded') ctx.later(() => this.step(ns, name));
    else if (result.status === 'Running') {
      this.waiting.add(`${ns}/${name}`);
      // Kargo polls (pollInterval); Git events also wake the step at once.
      ctx.later(() => {
        if (this.waiting.delete(`${ns}/${name}`)) this.step(ns, name);
      });
    } else {
      this.finish(
        ns,
        name,
        result.status,
        `step "${alias}" ${result.status.toLowerCase()}: ${
          result.message ?? ''
        }`.trim(),
      );
    }
  }

  /** Parks the Promotion Running at step `index` until the hold is lifted. */
  private hold(ns: string, name: string, index: number, alias: string) {
    this.held.add(`${ns}/${name}`);
    this.ctx.mutate(this.ctx.kinds.promotion, ns, name, p => {
      const meta = [...(p.status.stepExecutionMetadata ?? [])];
      if (meta[index]?.status === 'Running') return;
      meta[index] = { alias, startedAt: nowTime(), status: 'Running' };
      p.status.stepExecutionMetadata = meta;
    });
  }

  /** Kargo's terminatePromotion: Aborted, naming who asked. */
  private terminate(ns: string, name: string, actor: string | undefined) {
    const { ctx } = this;
    const promo = ctx.get(ctx.kinds.promotion, ns, name);
    if (!promo || TERMINAL.has(promo.status?.phase)) return;
    const key = `${ns}/${name}`;
    this.held.delete(key);
    this.waiting.delete(key);
    const message = actor
      ? `Promotion terminated by ${actor}`
      : 'Promotion terminated per user request';
    if (!promo.status?.phase) {
      // Never started: nothing to record on the Stage.
      ctx.mutate(ctx.kinds.promotion, ns, name, p => {
        p.status = { phase: 'Aborted', message, finishedAt: nowTime() };
      });
      return;
    }
    this.finish(ns, name, 'Aborted', message);
  }

  private finish(
    ns: string,
    name: string,
    phase: 'Succeeded' | 'Failed' | 'Errored' | 'Aborted',
    message: string,
  ) {
    const { ctx } = this;
    const promo = ctx.mutate(ctx.kinds.promotion, ns, name, p => {
      if (phase === 'Aborted') {
        // The step it was at ends with it, as Kargo records it.
        const meta = [...(p.status.stepExecutionMetadata ?? [])];
        const at = p.status.currentStep ?? 0;
        if (meta[at]?.status === 'Running') {
          meta[at] = { ...meta[at], status: 'Aborted', finishedAt: nowTime() };
          p.status.stepExecutionMetadata = meta;
        }
      }
      p.status.phase = phase;
      p.status.message = message;
      p.status.finishedAt = nowTime();
    });
    if (!promo) return;
    const freight = ctx.get(ctx.kinds.freight, ns, promo.spec.freight);
    const stage = ctx.mutate(ctx.kinds.stage, ns, promo.spec.stage, s => {
      s.status = s.status ?? {};
      delete s.status.currentPromotion;
      s.status.lastPromotion = {
        name,
        ...(freight ? { freight: freightRef(freight) } : {}),
        status: promo.status,
        finishedAt: promo.status.finishedAt,
      };
      setCondition(
        s,
        'Promoting',
        'False',
        phase === 'Succeeded' ? 'PromotionSucceeded' : `Promotion${phase}`,
        message,
      );
      if (phase !== 'Succeeded' || !freight) return;
      const previous = s.status.freightHistory?.[0]?.items ?? {};
      const originKey = `${freight.origin?.kind ?? 'Warehouse'}/${
        freight.origin?.name
      }`;
      const items = { ...previous, [originKey]: freightRef(freight) };
      const id = freightCollectionId(
        Object.values<any>(items).map(i => i.name),
      );
      s.status.freightHistory = [
        { id, items },
        ...(s.status.freightHistory ?? []),
      ].slice(0, MAX_FREIGHT_HISTORY);
      s.status.freightSummary = freight.metadata.name;
    });
    if (phase !== 'Succeeded' || !stage || !freight) return;
    this.moveFreight(ns, stage.metadata.name, freight.metadata.name);
    startVerification(ctx, stage, { promotion: name });
  }

  /** Freight `status.currentlyIn` follows the Stage. */
  private moveFreight(ns: string, stage: string, freightName: string) {
    const { ctx } = this;
    for (const f of ctx.store.list(ctx.kinds.freight, ns)) {
      const here = f.metadata.name === freightName;
      const listed = Boolean(f.status?.currentlyIn?.[stage]);
      if (here === listed) continue;
      ctx.mutate(ctx.kinds.freight, ns, f.metadata.name, o => {
        o.status = o.status ?? {};
        const currentlyIn = { ...o.status.currentlyIn };
        if (here) currentlyIn[stage] = { since: nowTime() };
        else delete currentlyIn[stage];
        o.status.currentlyIn = currentlyIn;
      });
    }
  }
}
