import {
  clockFrom,
  collectionId,
  condition,
  sha1,
  shuffled,
  successRateMetric,
  uuid,
} from './blocks';

describe('Kargo test object building blocks', () => {
  it('gives RFC 3339 times in whole seconds on a fixed clock', () => {
    const at = clockFrom('2026-11-27T09:00:00Z');
    expect(at(0)).toBe('2026-11-27T09:00:00Z');
    expect(at(90)).toBe('2026-11-27T10:30:00Z');
    expect(clockFrom(Date.parse('2026-06-01T00:00:00Z'))(1)).toBe(
      '2026-06-01T00:01:00Z',
    );
  });

  it("computes Kargo's collection id from the sorted Freight names", () => {
    expect(collectionId('b', 'a')).toBe(sha1('a,b'));
    expect(collectionId('a')).toBe(sha1('a'));
  });

  it('makes stable UUID-shaped ids', () => {
    expect(uuid('x')).toBe(uuid('x'));
    expect(uuid('x')).not.toBe(uuid('y'));
    expect(uuid('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('shapes conditions and metrics as Kargo and Argo Rollouts write them', () => {
    expect(condition('Ready', 'True', 'Ready', 'ok', 't', 2)).toEqual({
      type: 'Ready',
      status: 'True',
      reason: 'Ready',
      message: 'ok',
      observedGeneration: 2,
      lastTransitionTime: 't',
    });
    expect(
      successRateMetric('http-success-rate').provider.prometheus.query,
    ).toBe(
      'sum(rate(http_success_rate_ok[5m])) / sum(rate(http_success_rate_total[5m]))',
    );
  });

  it('shuffles 0..n-1 the same way every time', () => {
    const order = shuffled(1_000);
    expect(order).toEqual(shuffled(1_000));
    expect([...order].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 1_000 }, (_, i) => i),
    );
    expect(order).not.toEqual([...order].sort((a, b) => a - b));
  });
});
