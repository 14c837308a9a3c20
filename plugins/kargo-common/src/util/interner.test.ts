import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Interner } from './interner';

/** A string equal to `s` but a separate copy, as JSON.parse makes one per value. */
const parsed = (s: string): string => JSON.parse(JSON.stringify(s));

/** Heap in use after a full collection. */
function heapUsed(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/** Heap held by 20,000 separately read copies of one 90-character text, each through `keep`. */
function heapOfCopies(keep: (text: string) => string): number {
  const text = `Warehouse/${'w'.repeat(80)}`;
  const before = heapUsed();
  const held = Array.from({ length: 20_000 }, () => keep(parsed(text)));
  const after = heapUsed();
  expect(held).toHaveLength(20_000);
  return after - before;
}

describe('Interner', () => {
  it('holds one copy of equal strings read separately', () => {
    const table = new Interner();
    expect(table.intern(parsed('Successful'))).toBe('Successful');
    expect(table.intern(parsed('Successful'))).toBe('Successful');
    expect(table.intern(parsed('Failed'))).toBe('Failed');
    expect(table.size).toBe(2);
  });

  it('keeps one copy in memory where 20,000 equal strings were read', () => {
    const table = new Interner();
    const shared = heapOfCopies(text => table.intern(text));
    const unshared = heapOfCopies(text => text);
    // 20,000 copies of ~100 bytes: ~2 MB; shared, only the array's slots.
    expect(unshared).toBeGreaterThan(1_500_000);
    expect(shared).toBeLessThan(unshared / 4);
  });

  it('passes long strings through without remembering them', () => {
    const table = new Interner({ maxStrings: 10, maxLength: 8 });
    expect(table.intern('12345678')).toBe('12345678');
    expect(table.intern('123456789')).toBe('123456789');
    expect(table.size).toBe(1);
  });

  it('never holds more than its bound: it starts over when full, and still returns each string', () => {
    const table = new Interner({ maxStrings: 3 });
    for (const s of ['a', 'b', 'c']) table.intern(s);
    expect(table.size).toBe(3);
    expect(table.intern('a')).toBe('a');
    expect(table.size).toBe(3);
    expect(table.intern('d')).toBe('d');
    expect(table.size).toBe(1);

    const big = new Interner({ maxStrings: 1000 });
    for (let i = 0; i < 5_000; i++) {
      expect(big.intern(`stage-${i}`)).toBe(`stage-${i}`);
      expect(big.internText(`Warehouse/w-${i}`)).toBe(`Warehouse/w-${i}`);
      expect(big.size).toBeLessThanOrEqual(1000);
    }
  });

  it('interns the strings of object and array values, leaving the rest as they are', () => {
    const table = new Interner({ maxLength: 20 });
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

  describe('internText', () => {
    it('shares a built text, up to its own length bound, and the strings interned with it', () => {
      const table = new Interner({ maxLength: 10, maxTextLength: 30 });
      const origin = (name: string) => `Warehouse/${name}`;
      expect(table.internText(origin('payments'))).toBe('Warehouse/payments');
      expect(table.internText(origin('payments'))).toBe('Warehouse/payments');
      expect(table.size).toBe(1);
      // Longer than intern's bound, shorter than internText's: remembered.
      expect(table.internText(origin('a'.repeat(20)))).toHaveLength(30);
      expect(table.size).toBe(2);
      // Longer than internText's bound: passed through, flat.
      expect(table.internText(origin('a'.repeat(21)))).toHaveLength(31);
      expect(table.size).toBe(2);
      // One table: intern finds what internText remembered.
      expect(table.intern(parsed('Warehouse/'))).toBe('Warehouse/');
      expect(table.size).toBe(3);
    });

    it('gives back the very same text, whatever it holds, before and after the table starts over', () => {
      const table = new Interner({ maxStrings: 100 });
      const texts = [
        '',
        'quotes " and \\ backslashes, tabs\t and new\nlines',
        'unicode: Ünïcødé 雪 😀 and a lone surrogate \ud800 at the end',
        ...Array.from({ length: 300 }, (_, i) => `Warehouse/${'project'}-${i}`),
      ];
      for (const text of [...texts, ...texts])
        expect(table.internText(text)).toBe(text);
    });
  });
});
