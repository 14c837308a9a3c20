import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Freight, FreightReference } from '../types';
import { sha1Hex } from '../util/hash';
import { asArray } from '../util/objects';
import type { StatusCollection } from './collections';

/** Freight objects by name, for aliases. @public */
export type FreightIndex = Map<string, Freight>;

export function indexFreight(freight: Freight[] | undefined): FreightIndex {
  const index: FreightIndex = new Map();
  for (const f of asArray(freight)) {
    const name = f?.metadata?.name;
    if (name && !index.has(name)) index.set(name, f);
  }
  return index;
}

/** `{name, alias}` of a Freight name, alias from the Freight object. */
export function freightRef(
  name: string | undefined,
  index: FreightIndex,
): { name: string; alias: string | null } | null {
  if (!name) return null;
  const f = index.get(name);
  const alias = f?.alias || f?.metadata?.labels?.[KARGO_LABELS.alias];
  return { name, alias: alias || null };
}

/** The first Freight of a collection, as Kargo's UI shows it. */
export function firstFreightName(
  items: FreightReference[],
): string | undefined {
  return items.find(item => !!item.name)?.name;
}

/**
 * The Freight an AnalysisRun verified, for runs the Stage's status no longer
 * lists: the collection named by its label (when the status still has it),
 * the v0.7 freight label, its Freight owner references, or, for
 * single-Freight collections, the Freight whose name hashes to the
 * collection id (Kargo's id is the SHA-1 of the sorted Freight names joined
 * by commas).
 */
export function freightNameOfRun(
  run: AnalysisRun,
  collections: StatusCollection[],
  index: FreightIndex,
): string | undefined {
  const labels = run.metadata?.labels ?? {};
  const collectionId = labels[KARGO_LABELS.freightCollection];
  if (collectionId) {
    const collection = collections.find(c => c.id === collectionId);
    const name = collection && firstFreightName(collection.items);
    if (name) return name;
  }
  if (labels[KARGO_LABELS.freight]) return labels[KARGO_LABELS.freight];
  const owner = asArray(run.metadata?.ownerReferences).find(
    ref => ref?.kind === 'Freight' && !!ref.name,
  );
  if (owner?.name) return owner.name;
  if (collectionId) {
    for (const name of index.keys()) {
      if (sha1Hex(name) === collectionId) return name;
    }
  }
  return undefined;
}
