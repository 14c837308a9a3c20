/** list: selectors and limit/continue pagination. */
import { badRequest, KubeError } from './errors';
import {
  matchesFields,
  matchesLabels,
  parseFieldSelector,
  parseLabelSelector,
} from './labelSelector';
import { apiVersionOf } from './resources';
import { KubeObject, listOrderKey, ObjectStore } from './store';
import type { ResourcePath } from './api';

/** Builds the predicate a list or watch filters with. */
export function selectorOf(query: URLSearchParams): (o: KubeObject) => boolean {
  const labels = parseLabelSelector(query.get('labelSelector') ?? undefined);
  const fields = parseFieldSelector(query.get('fieldSelector') ?? undefined);
  return o =>
    matchesLabels(labels, o.metadata.labels) &&
    matchesFields(fields, o.metadata);
}

interface ContinueToken {
  rv: string;
  start: string;
}

/** Index of the first object sorting after `key` (objects sorted by listOrderKey). */
function firstAfter(objects: readonly KubeObject[], key: string): number {
  let lo = 0;
  let hi = objects.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (listOrderKey(objects[mid]) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function decodeContinue(token: string): ContinueToken {
  try {
    const t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof t.rv === 'string' && typeof t.start === 'string') return t;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(
    'continue key is not valid: incorrect encoded start resourceVersion',
  );
}

/**
 * One LIST page. Its items are the stored objects themselves (serialise them,
 * never modify or keep them): copying a page only to write it out was wasted.
 */
export function listObjects(
  store: ObjectStore,
  path: ResourcePath,
  query: URLSearchParams,
) {
  const { rt } = path;
  const labels = parseLabelSelector(query.get('labelSelector') ?? undefined);
  const fields = parseFieldSelector(query.get('fieldSelector') ?? undefined);
  const selected = labels.length > 0 || fields.length > 0;
  const all = store.peek(rt, path.namespace);
  const cont = query.get('continue');
  const limitText = query.get('limit');
  const limit = limitText ? Number(limitText) : 0;
  if (limitText && (!Number.isInteger(limit) || limit < 0)) {
    throw new KubeError(400, 'BadRequest', `invalid limit: ${limitText}`);
  }
  // A page starts right after the object its token names, found by binary
  // search (objects are sorted by that key): scanning the whole kind for
  // every page made a paginated LIST quadratic (100,000 runs: 200 pages).
  const start = cont ? firstAfter(all, decodeContinue(cont).start) : 0;
  const match = (o: KubeObject) =>
    !selected || (matchesLabels(labels, o.metadata.labels) && matchesFields(fields, o.metadata));
  let items: KubeObject[] = [];
  let i = start;
  for (; i < all.length && (limit === 0 || items.length <= limit); i++) {
    if (match(all[i])) items.push(all[i]);
  }
  const metadata: Record<string, unknown> = {
    resourceVersion: store.currentRv(),
  };
  if (limit > 0 && items.length > limit) {
    // Counted as kube-apiserver does: exactly without a selector.
    let remaining = 0;
    if (selected) {
      remaining = 1;
      for (; i < all.length; i++) if (match(all[i])) remaining++;
    } else {
      remaining = all.length - (i - 1);
    }
    items = items.slice(0, limit);
    const token: ContinueToken = {
      rv: store.currentRv(),
      start: listOrderKey(items[items.length - 1]),
    };
    metadata.continue = Buffer.from(JSON.stringify(token)).toString(
      'base64url',
    );
    metadata.remainingItemCount = remaining;
  }
  return {
    apiVersion: apiVersionOf(rt),
    kind: rt.listKind,
    metadata,
    items: items as readonly KubeObject[],
  };
}

/** The page's JSON, built from the store's per-object serialisations. */
export function listJson(
  store: ObjectStore,
  list: ReturnType<typeof listObjects>,
): string {
  const { items, ...head } = list;
  const prefix = JSON.stringify(head).slice(0, -1);
  return `${prefix},"items":[${items.map(o => store.jsonOf(o)).join(',')}]}`;
}
