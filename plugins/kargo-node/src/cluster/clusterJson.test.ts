import { parseClusterJson } from './clusterJson';

const STAGE = {
  metadata: { name: 'prod', labels: { 'kargo.akuity.io/shard': 'eu' } },
  status: {
    conditions: [{ type: 'Healthy', status: 'True', reason: '' }],
    freightHistory: [{ items: { 'Warehouse/images': { name: 'f1' } } }],
  },
};

describe('parseClusterJson', () => {
  it('reads JSON as JSON.parse does', () => {
    const text = JSON.stringify(STAGE);
    const parsed = parseClusterJson<typeof STAGE>(text);
    expect(parsed).toEqual(STAGE);
    expect(JSON.stringify(parsed)).toBe(text);
    expect(Array.isArray(parsed.status.conditions)).toBe(true);
    const keys: string[] = []; // for-in, as StringTable.internAll walks them
    // eslint-disable-next-line guard-for-in
    for (const key in parsed) keys.push(key);
    expect(keys).toEqual(['metadata', 'status']);
    expect(() => parseClusterJson('{"items": [')).toThrow(/JSON/);
  });

  it('parses in a JSON context of its own (the hidden classes of this one are full in a backend)', () => {
    const parsed = parseClusterJson<object>('{"a": [1]}');
    expect(Object.getPrototypeOf(parsed)).not.toBe(Object.prototype);
    expect(Object.getPrototypeOf(parseClusterJson<object>('{"b": 2}'))).toBe(
      Object.getPrototypeOf(parsed),
    );
  });

  it('keeps a "__proto__" key as data, never as a prototype', () => {
    const parsed = parseClusterJson<Record<string, unknown>>(
      '{"__proto__": {"polluted": true}, "a": 1}',
    );
    expect(Object.keys(parsed)).toEqual(['__proto__', 'a']);
    expect((parsed as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
