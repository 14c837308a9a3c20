import { parseEntityKargoAnnotations } from './annotations';

// Issue 35, attack 22: `commaList` counts only non-blank names against the
// 1,000 names it reads, so a list of 1 MB of commas (or ", ") is scanned
// whole: 1,000,001 names sliced and trimmed per parse (measured ~32 ms per
// 1 MB annotation on this machine), with no "left out" flag either. The
// notifier parses every annotated entity again for each Stage of a pass
// (recipients.attack22.test.ts).

/** Counts String.prototype.trim calls (one per name read) during `run`. */
function countTrims(run: () => void): number {
  const trim = String.prototype.trim;
  let trims = 0;
  // eslint-disable-next-line no-extend-native
  String.prototype.trim = function counted(this: string) {
    trims++;
    return trim.call(this);
  };
  try {
    run();
  } finally {
    // eslint-disable-next-line no-extend-native
    String.prototype.trim = trim;
  }
  return trims;
}

it('reads a million blank names of a 1 MB list of commas: blanks are not counted against the 1,000 names read (issue 35, attack 22)', () => {
  const blanks = ','.repeat(1_000_000);
  let parsed: ReturnType<typeof parseEntityKargoAnnotations> | undefined;
  const trims = countTrims(() => {
    parsed = parseEntityKargoAnnotations({
      'kargo.akuity.io/project': blanks,
    });
  });
  expect(parsed).toEqual({ projects: [] });
  // 1,000,001 names read (a bound of 1,000 would stop at ~1,001).
  expect(trims).toBeGreaterThan(1_000_000);
});
