// V8 keeps the result of `+` and of a template literal as a tree of its
// pieces (a 32-byte node per join), for as long as the result lives. A Stage
// detail keeps its reason texts and origins for the life of the backend:
// held as trees, a reason costs about twice its flat size (figures:
// docs/benchmarks.md#measurements-behind-the-code).

/** Texts shorter than this are always stored flat by V8. */
const FLAT_BELOW = 13;
/** Longer texts are left as they are (rare, and not worth a copy). */
const FLAT_UP_TO = 10_000;

/** The same text, held as one flat piece (a copy when it was a tree). */
export function flatText(text: string): string {
  if (text.length < FLAT_BELOW || text.length > FLAT_UP_TO) return text;
  // JSON's round trip copies any string exactly (lone surrogates included),
  // into one piece: the only portable way to flatten a string.
  return JSON.parse(JSON.stringify(text));
}
