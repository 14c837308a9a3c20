import { JsonSizes } from './jsonSize';

describe('JsonSizes', () => {
  it('is the length of the JSON the value is sent as', () => {
    const sizes = new JsonSizes();
    const stage = { metadata: { name: 'prod' }, spec: { vars: [] } };
    expect(sizes.of(stage)).toBe(JSON.stringify(stage).length);
    expect(sizes.of('ab')).toBe(4);
    expect(sizes.of(null)).toBe(4);
    expect(sizes.of(undefined)).toBe(0);
  });

  it('measures an object once: the first size stays, as read', () => {
    const sizes = new JsonSizes();
    const stage = { metadata: { name: 'prod' } };
    const first = sizes.of(stage);
    // Never done to an object read from Kargo; shows the size is remembered.
    stage.metadata.name = 'x'.repeat(1000);
    expect(sizes.of(stage)).toBe(first);
    // Another owner measures it anew.
    expect(new JsonSizes().of(stage)).toBe(JSON.stringify(stage).length);
  });

  it('is larger than any budget for what is nested too deep to measure', () => {
    const sizes = new JsonSizes();
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    expect(sizes.of(deep)).toBe(Infinity);
    expect(sizes.ofAll([deep, { a: 1 }])).toEqual({
      count: 2,
      chars: Infinity,
    });
    expect(sizes.ofAll([deep, { a: 1 }], true)).toEqual({
      count: 2,
      chars: 7,
    });
  });

  it('leaves what cannot be measured otherwise to its build (size 0)', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(new JsonSizes().of(cycle)).toBe(0);
  });

  it('counts and adds up the sizes of a list, and takes anything else as none', () => {
    const sizes = new JsonSizes();
    const a = { a: 1 };
    const b = { b: 'two' };
    expect(sizes.ofAll([a, b])).toEqual({
      count: 2,
      chars: JSON.stringify(a).length + JSON.stringify(b).length,
    });
    expect(sizes.ofAll(undefined)).toEqual({ count: 0, chars: 0 });
    expect(sizes.ofAll({ length: 3 })).toEqual({ count: 0, chars: 0 });
  });
});
