import { intParam, type ApiRequest } from './http';

/** One page of a list plus what the Link/x-* headers need. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  /** At least 1, so `rel="last"` always points somewhere. */
  totalPages: number;
}

export function paginate<T>(
  items: T[],
  page: number,
  perPage: number,
): Page<T> {
  const start = (page - 1) * perPage;
  return {
    items: items.slice(start, start + perPage),
    page,
    perPage,
    total: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / perPage)),
  };
}

/** Absolute URL of the same request with another page (and the effective per_page). */
function pageUrl(req: ApiRequest, page: number, perPage: number): string {
  const query = new URLSearchParams(req.query);
  query.set('per_page', String(perPage));
  query.set('page', String(page));
  return `${req.origin}${req.base}${req.path}?${query.toString()}`;
}

/**
 * RFC 8288 Link header. GitHub sends prev/next/last/first only where they
 * make sense (no first/prev on page 1, no next/last on the last page); GitLab
 * always sends first and last. Clients follow `rel="next"`.
 */
export function linkHeader(
  req: ApiRequest,
  page: Page<unknown>,
  style: 'github' | 'gitlab',
): string | undefined {
  const links: string[] = [];
  const add = (n: number, rel: string) =>
    links.push(`<${pageUrl(req, n, page.perPage)}>; rel="${rel}"`);
  const hasNext = page.page < page.totalPages;
  const hasPrev = page.page > 1;
  if (style === 'github') {
    if (hasPrev) add(page.page - 1, 'prev');
    if (hasNext) add(page.page + 1, 'next');
    if (hasNext) add(page.totalPages, 'last');
    if (hasPrev) add(1, 'first');
  } else {
    if (hasPrev) add(page.page - 1, 'prev');
    if (hasNext) add(page.page + 1, 'next');
    add(1, 'first');
    add(page.totalPages, 'last');
  }
  return links.length ? links.join(', ') : undefined;
}

/** GitLab's offset-pagination headers. */
export function gitlabPageHeaders(page: Page<unknown>): Record<string, string> {
  return {
    'x-page': String(page.page),
    'x-per-page': String(page.perPage),
    'x-total': String(page.total),
    'x-total-pages': String(page.totalPages),
    'x-next-page': page.page < page.totalPages ? String(page.page + 1) : '',
    'x-prev-page': page.page > 1 ? String(page.page - 1) : '',
  };
}

/**
 * The page of `items` the query's `page`/`per_page` ask for (per_page at most
 * 100, as both providers cap it) and its Link header in the provider's style.
 */
export function pageOfRequest<T>(
  req: ApiRequest,
  items: T[],
  style: 'github' | 'gitlab',
  defaultPerPage: number,
): { page: Page<T>; link: string | undefined } {
  const page = paginate(
    items,
    intParam(req.query, 'page', 1, 1, 100000),
    intParam(req.query, 'per_page', defaultPerPage, 1, 100),
  );
  return { page, link: linkHeader(req, page, style) };
}

/** A comparator on a string key, ties broken by a number, either way round. */
export function compareBy<T>(
  key: (item: T) => string,
  tieBreak: (item: T) => number,
  direction: string,
): (a: T, b: T) => number {
  return (a, b) => {
    const order = key(a).localeCompare(key(b)) || tieBreak(a) - tieBreak(b);
    return direction === 'asc' ? order : -order;
  };
}
