/** The objects of a list, counted and measured (see `JsonSizes`). @public */
export interface MeasuredObjects {
  count: number;
  chars: number;
}

/**
 * Characters of the JSON of Kargo's objects, each object measured once: the
 * objects read from Kargo are never changed once read (a derivation never
 * writes to what it reads; the watch compacts an object before handing it
 * out), so a watched object is measured when a build first meets it, not at
 * each rebuild. Owned by whoever holds the objects (an instance's model), so
 * the sizes go with them.
 *
 * A value nested deeper than JSON.stringify's stack is `Infinity`: larger
 * than any budget. One that cannot be measured otherwise (never one read as
 * JSON) is 0: its build reports what is wrong with it.
 *
 * @public
 */
export class JsonSizes {
  private readonly measured = new WeakMap<object, number>();

  of(value: unknown): number {
    if (value === null || typeof value !== 'object') {
      return value === undefined ? 0 : JSON.stringify(value)?.length ?? 0;
    }
    let size = this.measured.get(value);
    if (size === undefined) {
      try {
        size = JSON.stringify(value).length;
      } catch (error) {
        size = error instanceof RangeError ? Infinity : 0;
      }
      this.measured.set(value, size);
    }
    return size;
  }

  /**
   * Counts and measures a list's objects (a list that is not an array is
   * empty); `finiteOnly` leaves out what is too deep to measure.
   */
  ofAll(objects: unknown, finiteOnly = false): MeasuredObjects {
    const list = Array.isArray(objects) ? objects : [];
    let chars = 0;
    for (const object of list) {
      const size = this.of(object);
      if (!finiteOnly || Number.isFinite(size)) chars += size;
    }
    return { count: list.length, chars };
  }
}
