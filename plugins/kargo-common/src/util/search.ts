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
