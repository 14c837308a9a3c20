import equal from 'fast-deep-equal';
import { inClusterRealm, parseClusterJson } from './clusterJson';

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
    expect(`${parsed}`).toBe('[object Object]');
    expect(() => parseClusterJson('{"items": [')).toThrow(/JSON/);
  });

  it('keeps a "__proto__" key as data, never as a prototype', () => {
    const parsed = parseClusterJson<Record<string, unknown>>(
      '{"__proto__": {"polluted": true}, "a": 1}',
    );
    expect(Object.keys(parsed)).toEqual(['__proto__', 'a']);
    expect((parsed as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('gives objects that compare equal when they say the same (a rebuild finds nothing changed)', () => {
    const text = JSON.stringify(STAGE);
    expect(equal(parseClusterJson(text), parseClusterJson(text))).toBe(true);
    const changed = JSON.stringify({
      ...STAGE,
      status: { ...STAGE.status, conditions: [] },
    });
    expect(equal(parseClusterJson(text), parseClusterJson(changed))).toBe(
      false,
    );
  });
});

describe('inClusterRealm', () => {
  it("makes a watch event's object compare equal to the same object from a LIST page", () => {
    const fromList = parseClusterJson(JSON.stringify(STAGE));
    const fromEvent = structuredClone(STAGE); // as client-node parsed it
    // Objects of two JSON contexts never compare equal: the reason events are copied.
    expect(equal(fromList, fromEvent)).toBe(false);
    expect(equal(fromList, inClusterRealm(fromEvent))).toBe(true);
  });
});
