import { SharedMetrics } from '../verification/sharedMetrics';
import { flatText } from './text';

/** Levels of a JSON value internAll walks down (see internWithin). */
const MAX_DEPTH = 64;

/**
 * The bounds of an {@link Interner}.
 *
 * @public
 */
export interface InternerOptions {
  /**
   * Distinct strings remembered at most (default 100,000); beyond, the table
   * starts over (strings already handed out stay shared where they are).
   */
  maxStrings?: number;
  /**
   * Longest string `intern` remembers (default 100): it sees every string of
   * every object, and long ones (messages, URLs) rarely repeat.
   */
  maxLength?: number;
  /**
   * Longest text `internText` remembers (default 300): it is called only
   * where a text repeats (an origin is `<kind>/<name>`, a name up to 253).
   */
  maxTextLength?: number;
}

/**
 * One bounded table of shared strings, owned by whoever keeps what it
 * shares (one per Kargo instance: its watched objects and the Stage details
 * built from them), never a module's: JSON.parse makes a new string for every
 * value it reads, and `+` or a template literal a new tree of pieces, so the
 * names, phases, timestamps, label values and origins that objects and
 * details repeat are otherwise held once per object (figures:
 * docs/benchmarks.md#measurements-behind-the-code). It also holds, bounded
 * on their own, the metric views AnalysisRuns repeat (`metrics`), so that an
 * instance's verification histories share them.
 *
 * @public
 */
export class Interner {
  /**
   * The frozen metric views (and lists of them) of the instance's
   * verification histories (see verification/sharedMetrics.ts).
   *
   * @internal
   */
  readonly metrics = new SharedMetrics();
  private readonly strings = new Map<string, string>();
  private readonly maxStrings: number;
  private readonly maxLength: number;
  private readonly maxTextLength: number;

  constructor(options: InternerOptions = {}) {
    this.maxStrings = options.maxStrings ?? 100_000;
    this.maxLength = options.maxLength ?? 100;
    this.maxTextLength = options.maxTextLength ?? 300;
  }

  /** Distinct strings remembered now. */
  get size(): number {
    return this.strings.size;
  }

  /** The first-seen string equal to this one, or this one, remembered. */
  intern(value: string): string {
    if (value.length > this.maxLength) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    return this.remember(value);
  }

  /**
   * The one flat copy of a text built by joining (`+`, a template literal)
   * that long-lived values repeat (a Freight origin in every Stage detail
   * that requests or offers it): see `flatText`.
   */
  internText(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    const flat = flatText(text);
    return flat.length > this.maxTextLength ? flat : this.remember(flat);
  }

  /**
   * Replaces, in place, every string in this JSON value (object and array
   * elements, not keys: V8 already holds property names once) by its shared
   * copy, down to 64 levels (see internWithin).
   */
  internAll(value: unknown): void {
    this.internWithin(value, MAX_DEPTH);
  }

  /**
   * internAll down to `depth` more levels: a Kargo object is JSON any project
   * member may nest as deep as the API server stores (10,000 levels), and a
   * walk that deep overflows the stack; no repeated name lives that deep.
   */
  private internWithin(value: unknown, depth: number): void {
    if (!value || typeof value !== 'object' || depth <= 0) return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'string') value[i] = this.intern(item);
        else this.internWithin(item, depth - 1);
      }
    } else {
      const record = value as Record<string, unknown>;
      // for-in, not Object.keys: no array per object; JSON values inherit
      // no enumerable keys.
      // eslint-disable-next-line guard-for-in
      for (const key in record) {
        const item = record[key];
        if (typeof item === 'string') record[key] = this.intern(item);
        else this.internWithin(item, depth - 1);
      }
    }
  }

  private remember(value: string): string {
    if (this.strings.size >= this.maxStrings) this.strings.clear();
    this.strings.set(value, value);
    return value;
  }
}

/** The interner's shared copy of a text, or the text when there is none. */
export function internText(
  text: string,
  interner: Interner | undefined,
): string {
  return interner ? interner.internText(text) : text;
}
