import fc from 'fast-check';
import equal from 'fast-deep-equal';
import { isDeepStrictEqual } from 'node:util';
import { runInNewContext } from 'node:vm';
import { sameJson } from './sameJson';

/** The value as a JSON.parse of another V8 context makes it. */
const parseElsewhere = runInNewContext('JSON.parse') as typeof JSON.parse;
const elsewhere = <T>(value: T): T => parseElsewhere(JSON.stringify(value));

const STAGE = {
  metadata: { name: 'prod', labels: { shard: 'eu' } },
  status: { conditions: [{ type: 'Healthy', status: 'True' }], health: null },
  requestedFreight: [],
};

describe('sameJson', () => {
  it('says what util.isDeepStrictEqual says of JSON values of this context', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameJson(a, b)).toBe(isDeepStrictEqual(a, b));
        expect(sameJson(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
    );
  });

  it("reads keys named like Object.prototype's methods as data (fast-deep-equal calls them)", () => {
    const labels = { valueOf: 'v', toString: 't', constructor: 'c' };
    expect(() => equal(labels, { ...labels })).toThrow(TypeError);
    expect(sameJson(labels, { ...labels })).toBe(true);
    expect(sameJson(labels, { ...labels, valueOf: 'w' })).toBe(false);
    expect(sameJson({ valueOf: 0 }, {})).toBe(false);
    expect(sameJson({}, { toString: 0 })).toBe(false);
  });

  it('finds values of two JSON contexts equal when they say the same, which fast-deep-equal does not', () => {
    const there = elsewhere(STAGE);
    expect(equal(there, STAGE)).toBe(false);
    expect(sameJson(there, STAGE)).toBe(true);
    expect(sameJson(STAGE, there)).toBe(true);
    // An array mapped from one of that context's arrays is that context's.
    const mapped = there.status.conditions.map(c => ({ ...c }));
    expect(sameJson(mapped, STAGE.status.conditions)).toBe(true);
  });

  it('tells apart values of two contexts that differ anywhere', () => {
    const there = elsewhere(STAGE);
    const differing = [
      { ...STAGE, requestedFreight: [{}] },
      { ...STAGE, status: { ...STAGE.status, health: {} } },
      { ...STAGE, status: { conditions: STAGE.status.conditions } },
      { ...STAGE, extra: 1 },
      {
        ...STAGE,
        metadata: { ...STAGE.metadata, labels: { shard: 'us' } },
      },
      { ...STAGE, requestedFreight: {} },
    ];
    for (const other of differing) {
      expect(sameJson(there, other)).toBe(false);
      expect(sameJson(other, there)).toBe(false);
    }
  });

  it('compares a missing key and an undefined one as different', () => {
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameJson({ a: undefined }, { a: undefined })).toBe(true);
    expect(sameJson(NaN, NaN)).toBe(true);
    expect(sameJson(0, '0')).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
