/** What the simulated controller's parts share. */
import type { GitFakeStore } from '../git';
import { ResourceRegistry, ResourceType } from '../kube/resources';
import { KubeObject, ObjectStore } from '../kube/store';
import { SchemaValidator } from '../kube/validation';

export interface Kinds {
  stage: ResourceType;
  warehouse: ResourceType;
  freight: ResourceType;
  promotion: ResourceType;
  analysisRun: ResourceType;
  analysisTemplate: ResourceType;
  clusterAnalysisTemplate: ResourceType;
}

export function kindsOf(registry: ResourceRegistry): Kinds {
  const k = (g: string, p: string) => {
    const rt = registry.find(g, 'v1alpha1', p);
    if (!rt) throw new Error(`The sandbox registry lacks ${p}.${g}`);
    return rt;
  };
  return {
    stage: k('kargo.akuity.io', 'stages'),
    warehouse: k('kargo.akuity.io', 'warehouses'),
    freight: k('kargo.akuity.io', 'freights'),
    promotion: k('kargo.akuity.io', 'promotions'),
    analysisRun: k('argoproj.io', 'analysisruns'),
    analysisTemplate: k('argoproj.io', 'analysistemplates'),
    clusterAnalysisTemplate: k('argoproj.io', 'clusteranalysistemplates'),
  };
}

export class ControllerContext {
  readonly kinds: Kinds;
  private readonly timers = new Set<NodeJS.Timeout>();
  stopped = false;

  constructor(
    readonly store: ObjectStore,
    readonly validator: SchemaValidator,
    registry: ResourceRegistry,
    readonly git: GitFakeStore,
    readonly stepDelayMs: number,
    readonly log: (message: string) => void,
  ) {
    this.kinds = kindsOf(registry);
  }

  /** Runs `fn` later on an unref'd timer, so the controller never holds the process. */
  later(fn: () => void, delayMs = this.stepDelayMs): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (this.stopped) return;
      try {
        fn();
      } catch (e) {
        this.log(`controller error: ${(e as Error).stack ?? e}`);
      }
    }, delayMs);
    t.unref();
    this.timers.add(t);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  get(
    rt: ResourceType,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    return this.store.get(rt, namespace, name);
  }

  /**
   * Read-modify-write of one object, validated against its CRD like any API
   * write (a controller bug then shows up as an error, not as bad data).
   */
  mutate(
    rt: ResourceType,
    namespace: string | undefined,
    name: string,
    fn: (obj: KubeObject) => void,
  ): KubeObject | undefined {
    const obj = this.store.get(rt, namespace, name);
    if (!obj) return undefined;
    fn(obj);
    this.validator.validate(rt, obj, 'Strict');
    return this.store.update(rt, obj);
  }

  create(rt: ResourceType, obj: KubeObject): KubeObject {
    this.validator.validate(rt, obj, 'Strict');
    return this.store.create(rt, obj);
  }
}

export const TERMINAL_VERIFICATION = new Set([
  'Successful',
  'Failed',
  'Error',
  'Aborted',
  'Inconclusive',
]);

/** Sets (or replaces) a condition the way apimachinery's SetStatusCondition does. */
export function setCondition(
  obj: KubeObject,
  type: string,
  status: 'True' | 'False' | 'Unknown',
  reason: string,
  message = '',
  now = new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
): void {
  obj.status = obj.status ?? {};
  const conditions: any[] = obj.status.conditions ?? [];
  const existing = conditions.find(c => c.type === type);
  const next = {
    type,
    status,
    reason,
    message,
    observedGeneration: obj.metadata.generation ?? 1,
    lastTransitionTime:
      existing && existing.status === status
        ? existing.lastTransitionTime
        : now,
  };
  obj.status.conditions = existing
    ? conditions.map(c => (c.type === type ? next : c))
    : [...conditions, next];
}
