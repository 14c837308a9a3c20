import { UnknownNameBudget } from './unknownNameBudget';

describe('UnknownNameBudget', () => {
  it('lets each caller cause a bounded number of reads a minute, and refills', () => {
    let now = 0;
    const budget = new UnknownNameBudget({
      perCallerPerMinute: 3,
      totalPerMinute: 5,
      now: () => now,
    });
    expect([1, 2, 3, 4].map(() => budget.take('alice'))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([1, 2, 3].map(() => budget.take('bob'))).toEqual([
      true,
      true,
      false,
    ]); // shared cap of 5
    now += 20_000; // a third of a minute: one more for alice
    expect(budget.take('alice')).toBe(true);
    expect(budget.take('alice')).toBe(false);
  });
});
