import {
  MIN_PAGE_ITEMS,
  PAGE_BYTES,
  PageLimits,
  fixedPages,
  pageLimit,
} from './pageLimits';

/** V8 keeps an object this large or larger in its large-object space. */
const LARGE_OBJECT = 128 * 1024;

describe('pageLimit', () => {
  it('asks for as many items as make about PAGE_BYTES, under a large object', () => {
    // A page of 500 was 5.5 MB of Stages and 1.1 MB of AnalysisRuns.
    const stage = 5.5e6 / 500;
    const run = 1.1e6 / 500;
    expect(pageLimit(stage, 500)).toBe(Math.floor(PAGE_BYTES / stage));
    expect(pageLimit(run, 500)).toBe(Math.floor(PAGE_BYTES / run));
    for (const size of [stage, run, 1_000, 5_000]) {
      const bytes = pageLimit(size, 500) * size;
      expect(bytes).toBeLessThan(LARGE_OBJECT);
      expect(bytes).toBeGreaterThan(PAGE_BYTES - size);
    }
  });

  it('keeps within the minimum and the maximum', () => {
    expect(pageLimit(100, 500)).toBe(500);
    expect(pageLimit(1_000_000, 500)).toBe(MIN_PAGE_ITEMS);
    expect(pageLimit(1_000, 7)).toBe(7);
  });

  it('starts with the minimum while the size is unknown', () => {
    expect(pageLimit(undefined, 500)).toBe(MIN_PAGE_ITEMS);
    expect(pageLimit(undefined, 3)).toBe(3);
  });
});

describe('PageLimits', () => {
  it("learns each kind's item size from each page, for its next page", () => {
    const limits = new PageLimits(500);
    const stages = limits.of('stages');
    const runs = limits.of('analysisruns');
    expect(stages.limit()).toBe(MIN_PAGE_ITEMS);
    stages.learn!(10 * 12_000, 10);
    expect(stages.limit()).toBe(Math.floor(PAGE_BYTES / 12_000));
    expect(runs.limit()).toBe(MIN_PAGE_ITEMS);
    runs.learn!(10 * 2_000, 10);
    expect(runs.limit()).toBe(Math.floor(PAGE_BYTES / 2_000));
    // The next LIST of a kind starts from what it learnt.
    expect(limits.of('stages').limit()).toBe(Math.floor(PAGE_BYTES / 12_000));
  });

  it('follows a size that changes, and learns nothing from an empty page', () => {
    const stages = new PageLimits(500).of('stages');
    stages.learn!(10 * 12_000, 10);
    stages.learn!(10 * 6_000, 10);
    expect(stages.limit()).toBe(Math.floor(PAGE_BYTES / 6_000));
    stages.learn!(120, 0);
    expect(stages.limit()).toBe(Math.floor(PAGE_BYTES / 6_000));
  });
});

describe('fixedPages', () => {
  it('asks for the same number of items on every page and learns nothing', () => {
    const pages = fixedPages(500);
    expect(pages.limit()).toBe(500);
    expect(pages.learn).toBeUndefined();
  });
});
