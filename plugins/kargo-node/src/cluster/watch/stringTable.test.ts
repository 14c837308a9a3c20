import { StringTable } from './stringTable';

/** A string equal to `s` but a separate copy, as JSON.parse makes one per value. */
const parsed = (s: string): string => JSON.parse(JSON.stringify(s));

describe('StringTable', () => {
  it('holds one copy of equal strings read separately', () => {
    const table = new StringTable();
    expect(table.intern(parsed('Successful'))).toBe('Successful');
    expect(table.intern(parsed('Successful'))).toBe('Successful');
    expect(table.intern(parsed('Failed'))).toBe('Failed');
    expect(table.size).toBe(2);
  });

  it('passes long strings through without remembering them', () => {
    const table = new StringTable(10, 8);
    expect(table.intern('12345678')).toBe('12345678');
    expect(table.intern('123456789')).toBe('123456789');
    expect(table.size).toBe(1);
  });

  it('starts over when full, and still returns each string', () => {
    const table = new StringTable(3);
    for (const s of ['a', 'b', 'c']) table.intern(s);
    expect(table.size).toBe(3);
    expect(table.intern('a')).toBe('a');
    expect(table.size).toBe(3);
    expect(table.intern('d')).toBe('d');
    expect(table.size).toBe(1);
  });

  it('interns the strings of object and array values, leaving the rest as they are', () => {
    const table = new StringTable(100, 20);
    const long = 'x'.repeat(21);
    const value = JSON.parse(
      JSON.stringify({
        phase: 'Successful',
        labels: { 'kargo.akuity.io/stage': 'test' },
        history: [{ phase: 'Successful', at: '2026-06-01T00:00:00Z' }, 'test'],
        message: long,
        count: 3,
        ok: true,
        none: null,
      }),
    );
    const before = structuredClone(value);
    table.internAll(value);
    expect(value).toEqual(before);
    // Successful, test, the timestamp: each once; keys and the long message not.
    expect(table.size).toBe(3);
  });
});
