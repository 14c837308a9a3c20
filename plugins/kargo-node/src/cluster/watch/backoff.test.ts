import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const backoff = { initialMs: 100, maxMs: 1000 };

  it('doubles from the first delay up to the largest', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 4, 10].map(a => backoffDelay(a, backoff, top))).toEqual(
      [100, 200, 400, 800, 1000, 1000],
    );
  });

  it('spreads reconnects over the upper half of the delay (jitter)', () => {
    expect(backoffDelay(3, backoff, () => 0)).toBe(400);
    expect(backoffDelay(3, backoff, () => 0.5)).toBe(600);
  });
});
