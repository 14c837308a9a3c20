/**
 * The first index of `sorted` whose item is not before the one sought
 * (`before(item)` is true for a prefix of the list): a binary search.
 */
export function lowerBound<T>(
  sorted: readonly T[],
  before: (item: T) => boolean,
): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(sorted[mid])) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Strings in code-unit order (as Go and Kubernetes sort keys), not the
 * locale's: the order Kargo marshals a map's keys in.
 */
export const byCodeUnits = (a: string, b: string): number => {
  if (a === b) return 0;
  return a < b ? -1 : 1;
};
