/** list: selectors and limit/continue pagination. */
import { badRequest, KubeError } from './errors';
import {
  matchesFields,
  matchesLabels,
  parseFieldSelector,
  parseLabelSelector,
} from './labelSelector';
import { apiVersionOf } from './resources';
import { KubeObject, ObjectStore } from './store';
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

const sortKey = (o: KubeObject) =>
  `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

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
  const match = selectorOf(query);
  // Filter and paginate the stored objects, then copy only the page.
  let items = store.peek(rt, path.namespace).filter(match);
  const cont = query.get('continue');
  const limitText = query.get('limit');
  const limit = limitText ? Number(limitText) : 0;
  if (limitText && (!Number.isInteger(limit) || limit < 0)) {
    throw new KubeError(400, 'BadRequest', `invalid limit: ${limitText}`);
  }
  if (cont) {
    const t = decodeContinue(cont);
    items = items.filter(o => sortKey(o) > t.start);
  }
  const metadata: Record<string, unknown> = {
    resourceVersion: store.currentRv(),
  };
  if (limit > 0 && items.length > limit) {
    const remaining = items.length - limit;
    items = items.slice(0, limit);
    const token: ContinueToken = {
      rv: store.currentRv(),
      start: sortKey(items[items.length - 1]),
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
