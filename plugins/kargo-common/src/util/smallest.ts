/**
 * The `n` smallest of `items` by `compare`, in order; ties keep the items'
 * order. Trimmed as it grows: sorting 2n items once per n added costs each
 * item log(n), not log(all) (a project member's list can hold 500,000).
 */
export function smallestN<T>(
  items: Iterable<T>,
  n: number,
  compare: (a: T, b: T) => number,
): T[] {
  const kept: T[] = [];
  const trim = () => {
    kept.sort(compare);
    if (kept.length > n) kept.length = n;
  };
  for (const item of items) {
    kept.push(item);
    if (kept.length >= 2 * n) trim();
  }
  trim();
  return kept;
}
