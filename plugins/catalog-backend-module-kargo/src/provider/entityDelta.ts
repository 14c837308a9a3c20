import { stringifyEntityRef } from '@backstage/catalog-model';
import type {
  DeferredEntity,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';

/** What the catalog was last given. */
export interface AppliedEntities {
  /** Entity ref -> the deferred entity as JSON. */
  entities: ReadonlyMap<string, string>;
  /** A full mutation was applied since (so leftovers of a previous run are gone). */
  full: boolean;
}

export interface PlannedMutation {
  /** null when the catalog already holds exactly this. */
  mutation: EntityProviderMutation | null;
  /** What the catalog holds once the mutation is applied. */
  applied: AppliedEntities;
}

/**
 * The smallest mutation that brings the catalog from `applied` to
 * `entities`. Until a full mutation went through (after a start, or after
 * a mutation the catalog rejected) a complete set goes out as a full
 * mutation, which also removes what a previous run left behind; after that
 * only entities that changed or went away travel (a full mutation of
 * thousands of Stage entities when one changed makes the catalog compare
 * and rewrite them all). An incomplete set never removes anything.
 */
export function planMutation(
  entities: readonly DeferredEntity[],
  applied: AppliedEntities | undefined,
  complete: boolean,
): PlannedMutation {
  const before = applied?.entities ?? new Map<string, string>();
  const next = new Map<string, string>();
  const added: DeferredEntity[] = [];
  for (const deferred of entities) {
    const ref = stringifyEntityRef(deferred.entity);
    const json = JSON.stringify(deferred);
    next.set(ref, json);
    if (before.get(ref) !== json) added.push(deferred);
  }
  if (complete && !applied?.full) {
    return {
      mutation: { type: 'full', entities: [...entities] },
      applied: { entities: next, full: true },
    };
  }
  if (!complete) {
    // What is not listed now may only be unreadable for a while: kept.
    return {
      mutation: added.length ? { type: 'delta', added, removed: [] } : null,
      applied: {
        entities: new Map([...before, ...next]),
        full: !!applied?.full,
      },
    };
  }
  const removed = [...before]
    .filter(([ref]) => !next.has(ref))
    .map(([ref, json]) => ({
      entityRef: ref,
      locationKey: (JSON.parse(json) as DeferredEntity).locationKey,
    }));
  return {
    mutation:
      added.length || removed.length ? { type: 'delta', added, removed } : null,
    applied: { entities: next, full: true },
  };
}
