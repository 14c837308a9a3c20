import { lowerBound } from './search';

describe('lowerBound', () => {
  const list = [1, 3, 3, 5, 8];
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [4, 3],
    [8, 4],
    [9, 5],
  ])('finds where %i goes: %i', (value, index) => {
    expect(lowerBound(list, item => item < value)).toBe(index);
  });

  it('answers 0 for an empty list', () => {
    expect(lowerBound([], () => true)).toBe(0);
  });
});
