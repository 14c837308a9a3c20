import { parseClusterJson } from './clusterJson';
import type { KubeOperation } from './errors';
import type { PageSizing } from './pageLimits';

export interface KubeList<T> {
  items?: T[];
  metadata?: { continue?: string; resourceVersion?: string };
}

/** The paging of one request of a LIST. */
export interface PageQuery {
  limit: number;
  _continue?: string;
}

/** One request of a LIST: its text (see `rawJsonBodyMiddleware`), or the list when the body was not JSON-typed. */
export type PageRequest<T> = (
  query: PageQuery,
) => Promise<KubeList<T> | string>;

/** Sends a request to the cluster, counting it; `onGone`, when given, is thrown instead of the translated 410. */
export type ClusterCall = <R>(
  op: Omit<KubeOperation, 'instance'>,
  fn: () => Promise<R>,
  onGone?: unknown,
) => Promise<R>;

export interface Paging<T> {
  resource: string;
  namespace?: string;
  select?: (item: T) => T;
  pages: PageSizing;
}

/** Restarts of a LIST whose continue token expired, before giving up. */
const MAX_LIST_RESTARTS = 3;
const EXPIRED_CONTINUE = Symbol('expired continue token');

/**
 * Every page of a LIST and the resourceVersion of its snapshot. A continue
 * token that expired (410 Gone: the pages took longer than the server keeps
 * its snapshot) restarts the list from the first page, a few times at most.
 */
export async function listPages<T>(
  call: ClusterCall,
  request: PageRequest<T>,
  paging: Paging<T>,
): Promise<{ items: T[]; resourceVersion: string }> {
  for (let attempt = 0; ; attempt++) {
    const items: T[] = [];
    let resourceVersion = '';
    let cont: string | undefined;
    try {
      do {
        const read = await readPage(call, request, paging, {
          cont,
          restartable: cont !== undefined && attempt < MAX_LIST_RESTARTS,
        });
        items.push(...read.items);
        resourceVersion ||= read.resourceVersion;
        cont = read.cont;
      } while (cont);
      return { items, resourceVersion };
    } catch (error) {
      if (error !== EXPIRED_CONTINUE) throw error;
    }
  }
}

/**
 * One page of a LIST, its items selected. The page's text is parsed in the
 * cluster objects' own context (`parseClusterJson`), and the page as parsed
 * is dropped before the next one is asked for.
 */
async function readPage<T>(
  call: ClusterCall,
  request: PageRequest<T>,
  { resource, namespace, select, pages }: Paging<T>,
  { cont, restartable }: { cont?: string; restartable: boolean },
): Promise<{ items: T[]; resourceVersion: string; cont?: string }> {
  let bodyBytes = 0;
  const list = await call(
    { verb: 'list', resource, namespace },
    async () => {
      const answer = await request({ limit: pages.limit(), _continue: cont });
      if (typeof answer !== 'string') return answer;
      bodyBytes = answer.length;
      return parseClusterJson<KubeList<T>>(answer);
    },
    restartable ? EXPIRED_CONTINUE : undefined,
  );
  const items = list.items ?? [];
  pages.learn?.(bodyBytes, items.length);
  return {
    items: select ? items.map(select) : items,
    resourceVersion: list.metadata?.resourceVersion ?? '',
    cont: list.metadata?.continue || undefined,
  };
}
