import { smallestN } from './smallest';

const byValue = (a: number, b: number) => a - b;

describe('smallestN', () => {
  it.each([
    ['ascending', (i: number) => i],
    ['descending', (i: number) => 999 - i],
    ['shuffled', (i: number) => (i * 7_919) % 1_000],
  ])('keeps the 10 smallest of 1,000 listed %s, in order', (_, at) => {
    const items = Array.from({ length: 1_000 }, (__, i) => at(i));
    expect(smallestN(items, 10, byValue)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('keeps the order of ties', () => {
    const items = [
      { k: 1, id: 'a' },
      { k: 0, id: 'b' },
      { k: 1, id: 'c' },
      { k: 0, id: 'd' },
    ];
    const kept = smallestN(items, 3, (a, b) => a.k - b.k);
    expect(kept.map(i => i.id)).toEqual(['b', 'd', 'a']);
  });

  it('keeps all of fewer than n, and none of none', () => {
    expect(smallestN([3, 1, 2], 10, byValue)).toEqual([1, 2, 3]);
    expect(smallestN([], 10, byValue)).toEqual([]);
  });
});
