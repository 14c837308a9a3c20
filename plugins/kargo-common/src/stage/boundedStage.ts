import type { Stage } from '../types';
import { asRecord } from '../util/objects';
import { byCodeUnits } from '../util/search';
import { smallestN } from '../util/smallest';
import {
  firstRecords,
  MAX_COLLECTION_RECORDS,
  MAX_STATUS_COLLECTIONS,
} from '../verification/collections';

/**
 * Auto-promotion holds of a Stage read at most: Kargo keeps one per origin
 * the Stage requests (akuity/kargo v1.11.2 api/v1alpha1/stage_types.go
 * `autoPromotionHolds`), and 20,000 made a 2 MB summary (issue 35, attack 13).
 */
export const MAX_AUTO_PROMOTION_HOLDS = 50;
/**
 * Requested Freight read at most: Kargo takes one request per origin (a
 * few); 22,000 were scanned once per Freight option (issue 35, attack 15).
 */
export const MAX_REQUESTED_FREIGHT = 100;

type Json = Record<string, unknown>;

/** `map` with only its `max` smallest keys; itself when it has no more. */
function smallestKeys(map: unknown, max: number): unknown {
  const record = asRecord(map);
  if (!record) return map;
  const keys = Object.keys(record);
  if (keys.length <= max) return map;
  return Object.fromEntries(
    smallestN(keys, max, byCodeUnits).map(key => [key, record[key]]),
  );
}

/** The Stage with its first MAX_REQUESTED_FREIGHT requests only. */
function withBoundedSpec(stage: Stage): Stage {
  const requests = stage?.spec?.requestedFreight;
  if (!Array.isArray(requests) || requests.length <= MAX_REQUESTED_FREIGHT)
    return stage;
  return {
    ...stage,
    spec: {
      ...stage.spec,
      requestedFreight: requests.slice(0, MAX_REQUESTED_FREIGHT),
    },
  } as Stage;
}

/** A collection with only its smallest item keys. */
function boundedCollection(collection: unknown): unknown {
  const fc = asRecord(collection);
  if (!fc) return collection;
  return { ...fc, items: smallestKeys(fc.items, MAX_COLLECTION_RECORDS) };
}

/**
 * The Stage with its status's maps cut to what any reader of them reads:
 * the smallest MAX_COLLECTION_RECORDS item keys of each of the first
 * MAX_STATUS_COLLECTIONS collections, and the smallest
 * MAX_AUTO_PROMOTION_HOLDS auto-promotion holds. A map's keys can only be
 * read whole (`Object.keys`, `for...in`), where a list is read to its
 * bound (`firstRecords`): cut once here, so the readers of a build (history,
 * current Freight, options, actions, run candidates: 8 walks) cost the
 * bounds, not a 1.3 MB status of 130,000 item keys each (issue 35, attack
 * 13). Kargo's own statuses are far within the bounds: a copy of them reads
 * the same.
 */
export function boundedStage(stage: Stage): Stage {
  const status = asRecord(stage?.status);
  if (!status) return withBoundedSpec(stage);
  const bounded: Json = { ...status };
  if (Array.isArray(status.freightHistory))
    bounded.freightHistory = firstRecords(
      status.freightHistory,
      MAX_STATUS_COLLECTIONS,
    ).map(boundedCollection);
  for (const key of ['effectiveAutoPromotionHolds', 'autoPromotionHolds']) {
    if (key in status)
      bounded[key] = smallestKeys(status[key], MAX_AUTO_PROMOTION_HOLDS);
  }
  return { ...withBoundedSpec(stage), status: bounded } as Stage;
}
