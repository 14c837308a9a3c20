import { failureSentence, listFailures } from './failureText';

describe('failure text', () => {
  it('lists up to 5 failed metrics as they are', () => {
    const lines = ['a Failed: 1', 'b Failed: 2'];
    expect(listFailures(lines)).toEqual(lines);
    expect(failureSentence(lines)).toBe('a Failed: 1; b Failed: 2');
  });

  it('names 5 failed metrics and counts the others', () => {
    const lines = Array.from({ length: 8 }, (_, i) => `m${i} Failed`);
    expect(listFailures(lines)).toEqual([
      ...lines.slice(0, 5),
      'and 3 more failed metrics',
    ]);
    expect(failureSentence(lines)).toBe(
      'm0 Failed; m1 Failed; m2 Failed; m3 Failed; m4 Failed; and 3 more failed metrics',
    );
  });

  it('clips each line, and the sentence, at 2,000 characters', () => {
    const lines = Array.from({ length: 3 }, () => 'x'.repeat(5_000));
    const listed = listFailures(lines);
    expect(listed.map(l => l.length)).toEqual([2_000, 2_000, 2_000]);
    expect(listed[0].endsWith('…')).toBe(true);
    expect(failureSentence(lines)).toHaveLength(2_000);
  });
});
