/** Narrow unknown JSON to a plain object. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A non-empty string, else undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Arrays that may be missing or, in a broken object, not arrays at all. */
export function asArray<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Whether two lists hold the very same objects in the same order (compared
 * by identity: a watch hands out the objects it holds, and a changed object
 * is a new one).
 */
export function sameObjects<T>(
  a: T[] | undefined | null,
  b: T[] | undefined | null,
): boolean {
  if (a === b) return true;
  const left = asArray(a);
  const right = asArray(b);
  return left.length === right.length && left.every((o, i) => o === right[i]);
}
