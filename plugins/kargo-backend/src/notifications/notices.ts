import type { KargoStageEvent } from '@kargo-backstage/plugin-kargo-common';

/** Events a digest names; the others it counts. */
const NAMED = 3;
/** The longest name of an event in a digest (titles hold PR numbers, Promotion names). */
const MAX_NAME = 200;

/** What one notification says: one event, or a digest of one Stage's events of a kind. */
export interface KargoNotice {
  title: string;
  description: string;
  /**
   * The notification's scope: the event's key; for a digest, one per Stage
   * and kind, so a later digest of that Stage replaces the earlier one in
   * each user's list (Backstage updates a notification of the same scope).
   */
  scope: string;
}

/**
 * The events of one pass grouped per Stage and kind, in their order: each
 * group becomes one notification (a failed verification always its own). A project member can make a Stage hold 200
 * orphaned pull requests (what a Stage is attributed at most); they used to
 * become 200 notifications per Stage to each owner (issue 35, attack 8).
 */
export function groupEvents(events: KargoStageEvent[]): KargoStageEvent[][] {
  const groups = new Map<string, KargoStageEvent[]>();
  for (const event of events) {
    const id = JSON.stringify([
      event.kind === 'verification-failed' ? event.key : event.kind,
      event.instance,
      event.project,
      event.stage,
    ]);
    const group = groups.get(id);
    if (group) group.push(event);
    else groups.set(id, [event]);
  }
  return [...groups.values()];
}

const clipName = (name: string) =>
  name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;

/** The names of the first events, and how many more there are. */
function listed(names: string[]): string {
  const shown = names.slice(0, NAMED).map(clipName).join('; ');
  const more = names.length - NAMED;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

/** The notification of one group of `groupEvents` (one Stage, one kind). */
export function noticeOf(events: KargoStageEvent[]): KargoNotice {
  const [first] = events;
  if (events.length === 1) {
    return {
      title: first.title,
      description: first.description,
      scope: first.key,
    };
  }
  const where = `${first.project}/${first.stage}`;
  const scope = `${first.kind}:${first.instance}/${where}`;
  const n = events.length;
  if (first.kind === 'pull-request-orphaned') {
    // "Orphaned pull request #41 for checkout/prod" names "pull request #41".
    const names = events.map(e =>
      e.title.replace(/^Orphaned /, '').replace(` for ${where}`, ''),
    );
    return {
      title: `${n} orphaned pull requests for ${where}`,
      description: `No Promotion waits for them any more: merge them with a new Promotion or close them (the Stage's Kargo tab lists them). ${listed(
        names,
      )}`,
      scope,
    };
  }
  if (first.kind === 'promotion-waiting') {
    return {
      title: `${n} Promotions to ${where} wait on pull requests`,
      description: `Kargo fails a Promotion whose pull request stays open too long. ${listed(
        events.map(e => e.title),
      )}`,
      scope,
    };
  }
  return {
    title: `${n} Kargo events on ${where}`,
    description: listed(events.map(e => e.title)),
    scope,
  };
}
