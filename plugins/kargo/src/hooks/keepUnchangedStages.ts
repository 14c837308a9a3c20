import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';

// What a Stage's section shows, as JSON, computed once per object (answers
// are immutable). Without `lastUpdated`: in watch mode the backend stamps
// every Stage of a project with the project's time at each change of any
// of them; the tab shows the answer's time, not the Stage's.
const jsonOf = new WeakMap<StageDetail, string>();
function json(stage: StageDetail): string {
  let text = jsonOf.get(stage);
  if (text === undefined) {
    const { lastUpdated: _time, ...shown } = stage;
    text = JSON.stringify(shown);
    jsonOf.set(stage, text);
  }
  return text;
}

const keyOf = (s: StageDetail) => `${s.instance}/${s.project}/${s.name}`;

/**
 * The next answer, with every Stage that equals one of the previous answer's
 * (its time of update aside) replaced by that previous object (and the previous items, or the whole
 * previous answer, when nothing in them changed). Memoized Stage sections and
 * graph nodes compare by identity: after a refresh only the Stages that
 * changed render again.
 */
export function keepUnchangedStages(
  previous: EntityStagesResponse | undefined,
  next: EntityStagesResponse,
): EntityStagesResponse {
  if (!previous) return next;
  const before = new Map(previous.items.map(s => [keyOf(s), s]));
  const items = next.items.map(stage => {
    const old = before.get(keyOf(stage));
    return old && json(old) === json(stage) ? old : stage;
  });
  const sameItems =
    items.length === previous.items.length &&
    items.every((s, i) => s === previous.items[i]);
  // Everything of the answer but its Stages (errors, lastUpdated, stale).
  const rest = ({ items: _items, ...others }: EntityStagesResponse) =>
    JSON.stringify(others);
  if (sameItems && rest(previous) === rest(next)) return previous;
  return { ...next, items: sameItems ? previous.items : items };
}
