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
 * The newest {@link MAX_SHOWN_VERIFICATIONS} entries (newest first, as
 * derived), and beyond them the newest current entry, and the newest entry
 * and the newest Successful one of each Freight the Stage holds: the
 * timeline and the downstream Stages' warnings (akuity/kargo#5144: a
 * Freight verified, then failed on re-verification) look them up.
 */
export function shownVerificationsOf(
  stage: Stage,
  history: VerificationEntry[],
): VerificationEntry[] {
  if (history.length <= MAX_SHOWN_VERIFICATIONS) return history;
  const held = new Set(
    collectionsOfStage(stage)
      .slice(0, HELD_COLLECTIONS)
      .flatMap(c => c.items.map(item => item.name)),
  );
  let currentShown = false;
  const freightShown = new Set<string | undefined>();
  const successShown = new Set<string | undefined>();
  return history.filter((entry, index) => {
    const name = entry.freight?.name;
    const success = entry.phase === 'Successful';
    const wanted =
      index < MAX_SHOWN_VERIFICATIONS ||
      (entry.current && !currentShown) ||
      (held.has(name) &&
        (!freightShown.has(name) || (success && !successShown.has(name))));
    if (wanted) {
      currentShown ||= entry.current;
      freightShown.add(name);
      if (success) successShown.add(name);
    }
    return wanted;
  });
}
