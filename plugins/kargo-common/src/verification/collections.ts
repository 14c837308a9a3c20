import type { FreightReference, Stage, VerificationInfo } from '../types';
import { asArray, asRecord } from '../util/objects';
import { byCodeUnits } from '../util/search';
import { smallestN } from '../util/smallest';

/**
 * A freight collection of a Stage's status with its recorded verifications,
 * whatever status layout the Kargo version wrote.
 */
export interface StatusCollection {
  /** Kargo's collection id; null for the v0.7 layout, which had none. */
  id: string | null;
  /** Freight of the collection; `[0]` is what Kargo's UI shows. */
  items: FreightReference[];
  /** Recorded verifications, newest first. */
  verifications: VerificationInfo[];
  /** The Stage's current collection. */
  current: boolean;
}

/**
 * Collections of a status list read at most. Kargo keeps 10 (akuity/kargo
 * v1.11.2 api/v1alpha1/stage_types.go FreightHistory.truncate, and the
 * v0.7-v0.9 `history` as many); a project member who writes stages/status
 * writes as many as the API server takes, and every Stage build walks them
 * (issue 35, attack 11).
 */
export const MAX_STATUS_COLLECTIONS = 100;

/**
 * Recorded verifications of a collection read at most, and items: Kargo
 * keeps 10 verifications (VerificationInfoStack.UpdateOrPush, maxSize 10,
 * newest first) and writes one item per requested origin; 100,000 records
 * in one collection were walked five times per build (issue 35, attack 12).
 */
export const MAX_COLLECTION_RECORDS = 100;

/**
 * The objects among the first `max` entries of a status list: never more
 * read, whatever else a project member put in it.
 */
export function firstRecords<T>(list: T[] | undefined, max: number): T[] {
  return asArray(list)
    .slice(0, max)
    .filter(entry => !!asRecord(entry));
}

type LegacyEntry = FreightReference & {
  verificationInfo?: VerificationInfo;
  verificationHistory?: VerificationInfo[];
};

/** Identity of a recorded verification, to merge layouts that repeat it. */
function verificationKey(vi: VerificationInfo): string {
  if (vi.id) return `id:${vi.id}`;
  if (vi.analysisRun?.name) {
    return `ar:${vi.analysisRun.namespace ?? ''}/${vi.analysisRun.name}`;
  }
  return `at:${vi.startTime ?? ''}/${vi.phase ?? ''}/${vi.finishTime ?? ''}`;
}

function itemsOf(items: unknown): FreightReference[] {
  const map = asRecord(items);
  if (!map) return [];
  // Kargo marshals the map (keyed by origin, `Warehouse/<name>`) with sorted
  // keys; sorting here keeps "the first item" stable whatever the source.
  return smallestN(Object.keys(map), MAX_COLLECTION_RECORDS, byCodeUnits)
    .map(key => asRecord(map[key]) as FreightReference | undefined)
    .filter((ref): ref is FreightReference => !!ref);
}

function verificationsOf(list: unknown): VerificationInfo[] {
  return firstRecords(list as VerificationInfo[], MAX_COLLECTION_RECORDS);
}

function legacyVerifications(entry: LegacyEntry): VerificationInfo[] {
  const history = verificationsOf(entry.verificationHistory);
  const info = asRecord(entry.verificationInfo) as VerificationInfo | undefined;
  // v0.7/v0.8 kept the current one in `verificationInfo` and (not always) as
  // `verificationHistory[0]` too.
  return info ? [info, ...history] : history;
}

/**
 * Every freight collection the Stage's status records, newest first, current
 * first. Understands `freightHistory` (v0.8+) and the v0.7-v0.9
 * `currentFreight`/`history` layout; verifications repeated across layouts
 * are kept once, in the newest place they appear.
 */
export function collectionsOfStage(stage: Stage): StatusCollection[] {
  const status = asRecord(stage?.status) as Stage['status'];
  if (!status) return [];
  const seen = new Set<string>();
  const unseen = (vis: VerificationInfo[]) =>
    vis.filter(vi => {
      const key = verificationKey(vi);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });

  const collections: StatusCollection[] = [];
  for (const fc of firstRecords(
    status.freightHistory,
    MAX_STATUS_COLLECTIONS,
  )) {
    collections.push({
      id: typeof fc.id === 'string' && fc.id ? fc.id : null,
      items: itemsOf(fc.items),
      verifications: unseen(verificationsOf(fc.verificationHistory)),
      current: collections.length === 0,
    });
  }

  const legacy: LegacyEntry[] = [];
  const currentFreight = asRecord(status.currentFreight) as
    | LegacyEntry
    | undefined;
  if (currentFreight) legacy.push(currentFreight);
  legacy.push(...firstRecords(status.history, MAX_STATUS_COLLECTIONS));
  legacy.forEach((entry, index) => {
    const verifications = unseen(legacyVerifications(entry));
    const isCurrent =
      collections.length === 0 && index === 0 && !!currentFreight;
    if (isCurrent || verifications.length > 0) {
      collections.push({
        id: null,
        items: [entry],
        verifications,
        current: isCurrent,
      });
    }
  });
  return collections;
}

/** The Stage's current collection, if any Freight was ever promoted. */
export function currentCollectionOf(
  stage: Stage,
): StatusCollection | undefined {
  return collectionsOfStage(stage).find(c => c.current);
}
