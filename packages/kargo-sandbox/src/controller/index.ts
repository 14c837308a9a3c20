/**
 * The simulated Kargo controller: reacts to Stage and Promotion changes in
 * the sandbox's store and to PR/MR changes in the Git fakes.
 */
import type { GitFakeStore } from '../git';
import { ResourceRegistry } from '../kube/resources';
import { ObjectStore, StoreEvent } from '../kube/store';
import { SchemaValidator } from '../kube/validation';
import { ControllerContext } from './context';
import { MovingAnalysisRuns } from './moving';
import { PromotionRunner } from './promotion';
import { reconcileVerification } from './verification';
import { reconcileWarehouse } from './warehouse';

export {
  VERIFICATION_HOLD_ANNOTATION,
  VERIFICATION_OUTCOME_ANNOTATION,
} from './analysisRun';
export { FAILS_AFTER_ANNOTATION } from './moving';
export { PROMOTION_HOLD_ANNOTATION } from './promotionRequests';
export { PUBLISHED_ANNOTATION } from './warehouse';

/** @public */
export interface KargoControllerOptions {
  store: ObjectStore;
  registry: ResourceRegistry;
  validator: SchemaValidator;
  git: GitFakeStore;
  /** Delay between simulated steps (AR phases, promotion steps). Default 1500 ms. */
  stepDelayMs?: number;
  log?: (message: string) => void;
}

/** @public */
export class KargoController {
  private readonly ctx: ControllerContext;
  private readonly promotions: PromotionRunner;
  private readonly moving: MovingAnalysisRuns;
  private readonly handled = new Set<string>();
  private readonly unsubscribe: Array<() => void> = [];

  constructor(options: KargoControllerOptions) {
    this.ctx = new ControllerContext(
      options.store,
      options.validator,
      options.registry,
      options.git,
      options.stepDelayMs ?? 1500,
      options.log ?? (() => {}),
    );
    this.promotions = new PromotionRunner(this.ctx);
    this.moving = new MovingAnalysisRuns(this.ctx);
  }

  /** Starts watching; Stages and Promotions already stored are looked at once. */
  start(): void {
    this.unsubscribe.push(this.ctx.store.subscribe(e => this.onEvent(e)));
    this.unsubscribe.push(this.ctx.git.subscribe(() => this.promotions.wake()));
    this.resync();
  }

  /**
   * Looks once at every stored Stage, Promotion and AnalysisRun: at start,
   * and after a bulk load (which tells no listener). Looking again at one
   * already seen changes nothing, as for the events of its every write.
   */
  resync(): void {
    const { kinds, store } = this.ctx;
    for (const p of store.list(kinds.promotion)) this.promotions.consider(p);
    for (const ar of store.list(kinds.analysisRun)) this.moving.consider(ar);
    for (const s of store.list(kinds.stage))
      this.reconcileStageLater(s.metadata.namespace!, s.metadata.name);
    for (const w of store.list(kinds.warehouse))
      this.reconcileWarehouseLater(w.metadata.namespace!, w.metadata.name);
  }

  stop(): void {
    this.unsubscribe.splice(0).forEach(u => u());
    this.ctx.stop();
  }

  private onEvent(e: StoreEvent) {
    if (e.type === 'DELETED') return;
    const { kinds } = this.ctx;
    if (e.rt === kinds.promotion) this.promotions.consider(e.object);
    if (e.rt === kinds.analysisRun) this.moving.consider(e.object);
    if (e.rt === kinds.warehouse)
      this.reconcileWarehouseLater(
        e.object.metadata.namespace!,
        e.object.metadata.name,
      );
    if (e.rt === kinds.stage)
      this.reconcileStageLater(
        e.object.metadata.namespace!,
        e.object.metadata.name,
      );
  }

  private reconcileWarehouseLater(ns: string, name: string) {
    this.ctx.later(() => {
      const warehouse = this.ctx.get(this.ctx.kinds.warehouse, ns, name);
      if (warehouse) reconcileWarehouse(this.ctx, warehouse);
    }, 0);
  }

  // Deferred: store listeners run inside a write, and reconciling writes again.
  private reconcileStageLater(ns: string, name: string) {
    this.ctx.later(() => {
      const stage = this.ctx.get(this.ctx.kinds.stage, ns, name);
      if (!stage) return;
      // Kargo copies a handled `kargo.akuity.io/refresh` token into status.
      const refresh = stage.metadata.annotations?.['kargo.akuity.io/refresh'];
      if (refresh && refresh !== stage.status?.lastHandledRefresh) {
        this.ctx.mutate(this.ctx.kinds.stage, ns, name, s => {
          s.status = { ...s.status, lastHandledRefresh: refresh };
        });
      }
      reconcileVerification(this.ctx, stage, this.handled);
    }, 0);
  }
}
