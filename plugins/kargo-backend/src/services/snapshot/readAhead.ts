/**
 * Reads keys in order, at most `ahead` of them before the one being used:
 * `get(key)` hands over its read (started now if it was not) and starts the
 * next ones. A read is forgotten once handed over, so whoever consumes the
 * keys in order holds at most `ahead` results plus the one in use, however
 * many keys there are.
 */
export function readAhead<T>(
  keys: string[],
  ahead: number,
  read: (key: string) => Promise<T>,
): (key: string) => Promise<T> {
  const indexOf = new Map(keys.map((key, i) => [key, i]));
  const started = new Map<string, Promise<T>>();
  let next = 0;
  return key => {
    const index = indexOf.get(key) ?? -1;
    while (next < keys.length && next < index + ahead) {
      const k = keys[next++];
      const pending = read(k);
      // Rejections are the consumer's, when it asks for the key.
      pending.catch(() => undefined);
      started.set(k, pending);
    }
    const pending = started.get(key) ?? read(key);
    started.delete(key);
    return pending;
  };
}
