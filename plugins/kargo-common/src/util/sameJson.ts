/**
 * Whether two JSON values say the same: arrays element by element, objects
 * by their own enumerable keys, everything else by `Object.is`-like identity
 * (NaN equals NaN).
 *
 * Not fast-deep-equal (nor dequal): both take objects with different
 * constructors for different, and the cluster's objects are parsed in a V8
 * context of their own (kargo-node `clusterJson.ts`), so an array mapped from
 * one of them is that context's array while the same detail read back from
 * the shared cache is this context's: equal details must compare equal
 * whichever context made their parts.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null
  ) {
    // eslint-disable-next-line no-self-compare
    return a !== a && b !== b;
  }
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const left = a as unknown[];
    const right = b as unknown[];
    if (left.length !== right.length) return false;
    for (let i = 0; i < left.length; i++) {
      if (!sameJson(left[i], right[i])) return false;
    }
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(right, key)) return false;
    if (!sameJson(left[key], right[key])) return false;
  }
  return true;
}
