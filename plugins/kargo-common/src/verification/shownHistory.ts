import type { Stage, VerificationEntry } from '../types';
import { collectionsOfStage } from './collections';

/**
 * Verifications a Stage's detail serves: every run of the Stage is an entry,
 * and 50,000 minimal runs (10.8 MB, a third of a Stage's budget) made a
 * 15.9 MB detail (issue 35, attack 9). Counts, the current phase and the
 * actions are decided on the whole history before it is cut.
 */
export const MAX_SHOWN_VERIFICATIONS = 200;
/** Kargo keeps this many freight collections in a Stage's status. */
const HELD_COLLECTIONS = 10;
/**
 * Freight the Stage is taken to hold at most, its current collection's
 * first: Kargo writes an item per origin the Stage requests (a few), but a
 * collection's `items` is a map a project member writes with no limit, and
 * 5,000 of them made each of 10,000 runs "held", the cap of
 * {@link MAX_SHOWN_VERIFICATIONS} gone (issue 35, attack 11). Past the
 * newest entries, at most two per held Freight and the current one are
 * shown.
 */
export const MAX_HELD_FREIGHT = 100;

/**
 * The Freight the Stage holds: the names of its
 * {@link HELD_COLLECTIONS} newest collections, newest first, at most
 * {@link MAX_HELD_FREIGHT}.
 */
function heldFreightOf(stage: Stage): Set<string> {
  const held = new Set<string>();
  for (const collection of collectionsOfStage(stage).slice(
    0,
    HELD_COLLECTIONS,
  )) {
    for (const item of collection.items) {
      if (held.size >= MAX_HELD_FREIGHT) return held;
      if (typeof item.name === 'string' && item.name) held.add(item.name);
    }
  }
  return held;
}

/**
 * The newest {@link MAX_SHOWN_VERIFICATIONS} entries (newest first, as
 * derived), and beyond them the newest current entry, and the newest entry
 * and the newest Successful one of each Freight the Stage holds (at most
 * {@link MAX_HELD_FREIGHT}, see heldFreightOf): the
 * timeline and the downstream Stages' warnings (akuity/kargo#5144: a
 * Freight verified, then failed on re-verification) look them up.
 */
export function shownVerificationsOf(
  stage: Stage,
  history: VerificationEntry[],
): VerificationEntry[] {
  if (history.length <= MAX_SHOWN_VERIFICATIONS) return history;
  const held = heldFreightOf(stage);
  let currentShown = false;
  const freightShown = new Set<string | undefined>();
  const successShown = new Set<string | undefined>();
  return history.filter((entry, index) => {
    const name = entry.freight?.name;
    const success = entry.phase === 'Successful';
    const wanted =
      index < MAX_SHOWN_VERIFICATIONS ||
      (entry.current && !currentShown) ||
      (name !== undefined &&
        held.has(name) &&
        (!freightShown.has(name) || (success && !successShown.has(name))));
    if (wanted) {
      currentShown ||= entry.current;
      freightShown.add(name);
      if (success) successShown.add(name);
    }
    return wanted;
  });
}
