import {
  Interner,
  slimAnalysisRun,
  type AnalysisRun,
  type KubeObject,
  type ObjectMeta,
  type Promotion,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoWatchKind } from '../../types';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * The metadata any derivation reads (kargo-common's ObjectMeta): not the API
 * server's bookkeeping (managedFields, often a third of an object the Kargo
 * controllers write; uid; generation) nor kubectl's last-applied copy of the
 * whole object.
 */
function compactMetadata(
  metadata: ObjectMeta | undefined,
): ObjectMeta | undefined {
  if (!metadata || typeof metadata !== 'object') return metadata;
  const kept: ObjectMeta = {
    name: metadata.name,
    namespace: metadata.namespace,
    resourceVersion: metadata.resourceVersion,
    creationTimestamp: metadata.creationTimestamp,
  };
  if (metadata.labels) kept.labels = metadata.labels;
  if (metadata.annotations) {
    const { [LAST_APPLIED]: _copy, ...annotations } = metadata.annotations;
    kept.annotations =
      LAST_APPLIED in metadata.annotations ? annotations : metadata.annotations;
  }
  if (Array.isArray(metadata.ownerReferences)) {
    // An AnalysisRun names its Freight here: kind and name are what is read.
    kept.ownerReferences = metadata.ownerReferences.map(ref =>
      ref && typeof ref === 'object' ? { kind: ref.kind, name: ref.name } : ref,
    );
  }
  return kept;
}

/**
 * What the cluster watch keeps of each object it holds (it holds the whole
 * fleet, for the life of the backend), each object reduced as it arrives:
 * metadata as `compactMetadata` keeps it, an AnalysisRun as
 * `slimAnalysisRun` keeps it, and the parts that objects repeat held once:
 * the FreightReferences of a Stage's history, of its current and last
 * Promotion and of every Promotion; a Stage's and its Promotions' steps; an
 * AnalysisRun's labels, owner, metric names and the results of metrics that
 * kept no failed measurement; and every short string (names, phases,
 * timestamps, label values) as the one copy the `Interner` holds: about a
 * third of the heap the objects take as read, for a little more CPU
 * (figures: docs/benchmarks.md#measurements-behind-the-code).
 * Nothing a derivation reads changes (a derivation never writes to what it
 * reads): building from compacted objects gives the same Stage details as
 * from the objects as read.
 */
export class ObjectCompactor {
  /** Parts held once, by their JSON. */
  private readonly parts = new Map<string, unknown>();
  /** Characters of the JSON keys in `parts`. */
  private partChars = 0;

  /**
   * @param maxParts - distinct parts remembered at most; beyond, the table
   *   starts over (objects keep theirs).
   * @param strings - the short strings held once: the instance's table,
   *   shared with the Stage details built from these objects.
   * @param maxPartChars - characters of JSON the table holds at most (64 Mi
   *   by default); beyond, it starts over. A part is whatever a project
   *   member wrote (a step list up to the API server's 1.5 MB): counted
   *   only, 2,000 edits of one Stage's template kept 3 GB of versions no
   *   object held any more.
   */
  constructor(
    private readonly maxParts = 100_000,
    private readonly strings = new Interner(),
    private readonly maxPartChars = 64 * 2 ** 20,
  ) {}

  compact(kind: KargoWatchKind, object: KubeObject): KubeObject {
    if (!object || typeof object !== 'object') return object;
    const reduced = kind === 'analysisruns' ? slimAnalysisRun(object) : object;
    const compacted = {
      ...reduced,
      metadata: compactMetadata(reduced.metadata),
    };
    if (kind === 'stages') this.compactStage(compacted as Stage);
    if (kind === 'promotions') this.compactPromotion(compacted as Promotion);
    if (kind === 'analysisruns') this.compactRun(compacted as AnalysisRun);
    // Last: a part held once and seen before holds the table's strings already.
    this.strings.internAll(compacted);
    return compacted;
  }

  /** The one copy of a value equal to this one (by JSON), or this one, remembered. */
  private shared<T>(value: T): T {
    if (!value || typeof value !== 'object') return value;
    let key: string;
    try {
      key = JSON.stringify(value);
    } catch {
      // Nested deeper than the stack (a step config may be 10,000 levels):
      // kept as it is rather than failing the LIST page it came in.
      return value;
    }
    const known = this.parts.get(key);
    if (known !== undefined) return known as T;
    if (key.length > this.maxPartChars) return value;
    if (
      this.parts.size >= this.maxParts ||
      this.partChars + key.length > this.maxPartChars
    ) {
      this.parts.clear();
      this.partChars = 0;
    }
    this.parts.set(key, value);
    this.partChars += key.length;
    return value;
  }

  // The objects are this watch's own (parsed from the wire, never handed out
  // before): their parts are replaced in place.
  private compactStage(stage: Stage) {
    const template = stage.spec?.promotionTemplate?.spec;
    if (template && typeof template === 'object' && template.steps)
      template.steps = this.shared(template.steps);
    const status = stage.status;
    if (!status || typeof status !== 'object') return;
    for (const collection of Array.isArray(status.freightHistory)
      ? status.freightHistory
      : []) {
      const items = collection?.items;
      if (!items || typeof items !== 'object') continue;
      for (const key of Object.keys(items))
        items[key] = this.shared(items[key]);
    }
    for (const promotion of [status.currentPromotion, status.lastPromotion]) {
      if (!promotion || typeof promotion !== 'object') continue;
      if (promotion.freight) promotion.freight = this.shared(promotion.freight);
      if (promotion.status?.freight)
        promotion.status.freight = this.shared(promotion.status.freight);
    }
  }

  private compactPromotion(promotion: Promotion) {
    const { spec, status } = promotion;
    if (spec && typeof spec === 'object' && spec.steps)
      spec.steps = this.shared(spec.steps);
    if (status && typeof status === 'object' && status.freight)
      status.freight = this.shared(status.freight);
  }

  private compactRun(run: AnalysisRun) {
    const metadata = run.metadata!;
    if (metadata?.labels) metadata.labels = this.shared(metadata.labels);
    if (metadata?.ownerReferences)
      metadata.ownerReferences = this.shared(metadata.ownerReferences);
    if (run.spec) run.spec = this.shared(run.spec);
    const results = run.status?.metricResults;
    if (Array.isArray(results)) {
      // Results with failed measurements carry their times: unique, not shared.
      run.status!.metricResults = results.map(r =>
        r && typeof r === 'object' && !r.measurements?.length
          ? this.shared(r)
          : r,
      );
    }
  }
}
