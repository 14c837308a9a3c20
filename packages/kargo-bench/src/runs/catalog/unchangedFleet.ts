/** What an unchanged fleet did to the stored Stage entities, from two reads of the catalog. */

export type StoredEntity = { metadata: { name: string; etag: string } & Record<string, unknown> } & Record<string, unknown>;

export interface UnchangedFleet {
  /** The provider's mutations between the two reads. */
  mutations: string[];
  /** Entities listed by both reads whose etag changed: the catalog wrote them again. */
  entitiesRewritten: number;
  /** Entities of the second read that the first did not list (a paging gap, or not stitched yet): not rewrites. */
  notListedBefore: number;
  /** What differs in the rewritten entities (`metadata.annotations.x`, `relations`, ...), with counts. */
  rewrittenFields: Record<string, number>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The paths (up to three levels deep: annotations by key) at which two JSON values differ. */
function differingFields(a: unknown, b: unknown, path = '', depth = 0): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (!isObject(a) || !isObject(b) || depth >= 3) return [path || '(entity)'];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap(k => differingFields(a[k], b[k], path ? `${path}.${k}` : k, depth + 1));
}

/** Compares two reads of the same entities by name. */
export function compareStored(
  before: ReadonlyMap<string, StoredEntity>,
  after: ReadonlyMap<string, StoredEntity>,
): Omit<UnchangedFleet, 'mutations'> {
  let entitiesRewritten = 0;
  let notListedBefore = 0;
  const rewrittenFields: Record<string, number> = {};
  for (const [name, entity] of after) {
    const old = before.get(name);
    if (!old) {
      notListedBefore += 1;
    } else if (old.metadata.etag !== entity.metadata.etag) {
      entitiesRewritten += 1;
      for (const field of differingFields(old, entity)) rewrittenFields[field] = (rewrittenFields[field] ?? 0) + 1;
    }
  }
  return { entitiesRewritten, notListedBefore, rewrittenFields };
}
