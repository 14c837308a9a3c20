import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Freight, FreightReference } from '../types';
import { sha1Hex } from '../util/hash';
import { asArray } from '../util/objects';
import type { StatusCollection } from './collections';

/** Freight objects by name, for aliases. @public */
export type FreightIndex = Map<string, Freight>;

/**
 * The Freight names a project's last index hashed, by their SHA-1 (the
 * first name of each hash): kept by the project's owner (ProjectIndexes)
 * and handed to each index of its Freight list, which then hashes only the
 * names this does not hold (see `indexFreight`).
 *
 * @public
 */
export interface FreightHashes {
  /** Names by the hex SHA-1 of each; the last index's (its names only). */
  byHash?: ReadonlyMap<string, string>;
}

/**
 * An index that also answers which of its names hashes to a collection id:
 * every name hashed once per index (one per project, see ProjectFreight),
 * not once per run that asks, and only the names the project's last index
 * had not hashed: a Freight's name never changes, and every Freight event
 * makes a new list (issue 35, attack 18: one Freight added to 100,000
 * hashed 100,001 names in the next build). Built once, never changed.
 */
class HashedFreightIndex extends Map<string, Freight> {
  private byHash?: Map<string, string>;
  private readonly shared?: FreightHashes;

  constructor(shared: FreightHashes | undefined) {
    super();
    this.shared = shared;
  }

  nameOfHash(hash: string): string | undefined {
    if (!this.byHash) {
      // Of the last index's names, only those still listed: its map is
      // replaced by this one's, which grows by no Freight deleted since.
      const known = new Map<string, string>();
      for (const [key, name] of this.shared?.byHash ?? [])
        if (this.has(name)) known.set(name, key);
      const byHash = new Map<string, string>();
      for (const name of this.keys()) {
        const key = known.get(name) ?? sha1Hex(name);
        if (!byHash.has(key)) byHash.set(key, name);
      }
      this.byHash = byHash;
      if (this.shared) this.shared.byHash = byHash;
    }
    return this.byHash.get(hash);
  }
}

/**
 * Freight objects by name (the first of a name). `hashes`: the project's,
 * kept between its indexes (see `FreightHashes`).
 */
export function indexFreight(
  freight: Freight[] | undefined,
  hashes?: FreightHashes,
): FreightIndex {
  const index = new HashedFreightIndex(hashes);
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

/** A Stage's status collections by Kargo id, the first of an id winning. */
export type CollectionsById = ReadonlyMap<string, StatusCollection>;

/**
 * The collections by id, indexed once per derivation: each run looked its
 * collection up in the whole list, and a project member writes as many
 * collections as the API server takes (issue 35, attack 11: 1,000 runs x
 * 5,000 collections read 5 million ids).
 */
export function collectionsById(
  collections: StatusCollection[],
): CollectionsById {
  const byId = new Map<string, StatusCollection>();
  for (const collection of collections) {
    const id = collection.id;
    if (id !== null && !byId.has(id)) byId.set(id, collection);
  }
  return byId;
}

/** The first name of the index whose SHA-1 is `hash`. */
function nameOfHash(index: FreightIndex, hash: string): string | undefined {
  if (index instanceof HashedFreightIndex) return index.nameOfHash(hash);
  for (const name of index.keys()) if (sha1Hex(name) === hash) return name;
  return undefined;
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
  collections: CollectionsById,
  index: FreightIndex,
): string | undefined {
  const labels = run.metadata?.labels ?? {};
  const collectionId = labels[KARGO_LABELS.freightCollection];
  if (collectionId) {
    const collection = collections.get(collectionId);
    const name = collection && firstFreightName(collection.items);
    if (name) return name;
  }
  if (labels[KARGO_LABELS.freight]) return labels[KARGO_LABELS.freight];
  const owner = asArray(run.metadata?.ownerReferences).find(
    ref => ref?.kind === 'Freight' && !!ref.name,
  );
  if (owner?.name) return owner.name;
  if (collectionId && index.size > 0) return nameOfHash(index, collectionId);
  return undefined;
}
