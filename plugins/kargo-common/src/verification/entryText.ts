import { clip, MAX_MESSAGE } from '../promotion/stepView';
import { flatText } from '../util/text';

// The texts of a verification entry come from a Stage's status and from
// AnalysisRuns a project member writes; one unlabelled run named by the
// status of many Stages put its 1 MB message and 200 KB actor in each of
// their details, and get-stage handed the actor to an assistant whole
// (issue 35, attack 11). Kargo writes far shorter ones.

/** Characters of an entry's message (as a Promotion's, see MAX_MESSAGE). */
export const MAX_ENTRY_MESSAGE = MAX_MESSAGE;
/**
 * Characters of an entry's actor: Kargo writes `admin`, `email:<address>`
 * (an address is at most 254), `subject:<claim>` or
 * `kubernetes:system:serviceaccount:<namespace>:<name>` (up to ~350).
 */
export const MAX_ENTRY_ACTOR = 512;
/** Characters of a recorded verification's id (Kargo writes a UUID, 36). */
export const MAX_ENTRY_ID = 100;
/**
 * Characters of a time: an RFC 3339 time is at most 35; a longer text is
 * no time, and is read as none.
 */
export const MAX_ENTRY_TIME = 64;

/**
 * A non-empty text cut to `max` characters (the last one an ellipsis), held
 * flat when cut: a slice keeps the whole text it was cut from alive.
 */
export function entryText(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || !value) return null;
  return value.length > max ? flatText(clip(value, max)) : value;
}

/** A time of at most {@link MAX_ENTRY_TIME} characters, else null. */
export function entryTime(value: unknown): string | null {
  return typeof value === 'string' && value && value.length <= MAX_ENTRY_TIME
    ? value
    : null;
}
