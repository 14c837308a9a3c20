import { readAhead } from './readAhead';

describe('readAhead', () => {
  it('keeps at most N reads ahead of the key in use, in order', async () => {
    const reads: string[] = [];
    const get = readAhead(['a', 'b', 'c', 'd', 'e'], 2, async key => {
      reads.push(key);
      return key.toUpperCase();
    });
    await expect(get('a')).resolves.toBe('A');
    expect(reads).toEqual(['a', 'b']);
    await expect(get('b')).resolves.toBe('B');
    expect(reads).toEqual(['a', 'b', 'c']);
    await expect(get('c')).resolves.toBe('C');
    await expect(get('d')).resolves.toBe('D');
    await expect(get('e')).resolves.toBe('E');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('hands a failed read to whoever asks for its key, and only then', async () => {
    const get = readAhead(['a', 'b'], 2, async key => {
      if (key === 'b') throw new Error(`cannot read ${key}`);
      return key;
    });
    await expect(get('a')).resolves.toBe('a');
    await expect(get('b')).rejects.toThrow('cannot read b');
  });

  it('reads a key it was not given, or was asked for twice, on demand', async () => {
    let count = 0;
    const get = readAhead(['a'], 1, async key => `${key}${++count}`);
    await expect(get('a')).resolves.toBe('a1');
    await expect(get('a')).resolves.toBe('a2');
    await expect(get('z')).resolves.toBe('z3');
  });
});
