/**
 * The body a byte-sized LIST page aims at: under V8's large-object threshold
 * (128 KB). Pages of 500 items were megabytes: each body, its string and
 * its objects large objects taken fresh from the system, and a memory peak;
 * a page this size stays in the young generation (figures:
 * docs/benchmarks.md#measurements-behind-the-code).
 */
export const PAGE_BYTES = 120 * 1024;

/**
 * Items a byte-sized page asks for at least (bounds the requests of a LIST
 * of very large objects), and on the first page of a kind, before its size
 * is known.
 */
export const MIN_PAGE_ITEMS = 10;

/** The `limit` of a page of items of `itemBytes` on average: about PAGE_BYTES, within [MIN_PAGE_ITEMS, maxItems]. */
export function pageLimit(
  itemBytes: number | undefined,
  maxItems: number,
): number {
  const fit = itemBytes ? Math.floor(PAGE_BYTES / itemBytes) : MIN_PAGE_ITEMS;
  return Math.max(1, Math.min(maxItems, Math.max(MIN_PAGE_ITEMS, fit)));
}

/** How a LIST's pages are sized: each page's limit, and what a page read teaches. */
export interface PageSizing {
  limit(): number;
  /** Told each page's body size and item count (sizing by bytes). */
  learn?(bodyBytes: number, items: number): void;
}

/** Pages of `items` each. */
export function fixedPages(items: number): PageSizing {
  return { limit: () => items };
}

/**
 * Each kind's LIST pages sized by bytes: the average size of an item is
 * learnt from every page read (its body's bytes over its items) and sizes
 * the next page, and the first page of the next LIST of that kind.
 */
export class PageLimits {
  private readonly itemBytes = new Map<string, number>();

  constructor(private readonly maxItems: number) {}

  of(kind: string): PageSizing {
    return {
      limit: () => pageLimit(this.itemBytes.get(kind), this.maxItems),
      learn: (bodyBytes, items) => {
        if (items > 0 && bodyBytes > 0)
          this.itemBytes.set(kind, bodyBytes / items);
      },
    };
  }
}
