/**
 * One shared copy of each short string: JSON.parse makes a new string for
 * every value it reads, so the phases, timestamps, names and label values
 * that objects repeat are otherwise held once per object. Long strings
 * (messages, URLs) rarely repeat and are passed through, not remembered.
 */
export class StringTable {
  private readonly strings = new Map<string, string>();

  /**
   * @param maxStrings - distinct strings remembered at most; beyond, the table
   *   starts over (strings already handed out stay shared where they are).
   * @param maxLength - longest string remembered.
   */
  constructor(
    private readonly maxStrings = 100_000,
    private readonly maxLength = 100,
  ) {}

  /** Distinct strings remembered now. */
  get size(): number {
    return this.strings.size;
  }

  /** The first-seen string equal to this one, or this one, remembered. */
  intern(value: string): string {
    if (value.length > this.maxLength) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    if (this.strings.size >= this.maxStrings) this.strings.clear();
    this.strings.set(value, value);
    return value;
  }

  /**
   * Replaces, in place, every string in this JSON value (object and array
   * elements, not keys: V8 already holds property names once) by its shared
   * copy.
   */
  internAll(value: unknown): void {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'string') value[i] = this.intern(item);
        else this.internAll(item);
      }
    } else {
      const record = value as Record<string, unknown>;
      // for-in, not Object.keys: no array per object; JSON values inherit
      // no enumerable keys.
      // eslint-disable-next-line guard-for-in
      for (const key in record) {
        const item = record[key];
        if (typeof item === 'string') record[key] = this.intern(item);
        else this.internAll(item);
      }
    }
  }
}
