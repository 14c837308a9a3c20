import {
  appendToLogWindow,
  emptyLogWindow,
  MAX_LOG_CHARS,
  MAX_LOG_LINES,
  type LogWindow,
} from './logWindow';

const append = (chunks: string[], from: LogWindow = emptyLogWindow) =>
  chunks.reduce(appendToLogWindow, from);

/** `count` distinct lines of 20 characters, numbered from `from`. */
const lines = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${String(from + i).padStart(19, '0')}\n`,
  ).join('');

describe('appendToLogWindow', () => {
  it('keeps a log within its bounds whole, and counts its lines', () => {
    const window = append(['a\nb', 'c\n', 'd']);
    expect(window).toEqual({ text: 'a\nbc\nd', lines: 2, dropped: false });
  });

  it('past 2 MB, keeps the newest text from a line start, never more than 2 MB', () => {
    const line = `${'x'.repeat(99_999)}\n`;
    const window = append([
      'first line\n',
      ...Array(25).fill(line),
      'last line\n',
    ]);
    expect(window.dropped).toBe(true);
    // Cut to 1.5 MB at 2 MB, then 400 KB appended.
    expect(window.text.length).toBe(1_900_010);
    expect(window.text.startsWith('x')).toBe(true);
    expect(window.text.endsWith('last line\n')).toBe(true);
    expect(window.lines).toBe(window.text.split('\n').length - 1);
  });

  it('cuts a line longer than the bound where it must, keeping its end', () => {
    const window = append([`${'y'.repeat(MAX_LOG_CHARS + 10)}end`]);
    expect(window.text.length).toBe((MAX_LOG_CHARS * 3) / 4);
    expect(window.text.endsWith('yend')).toBe(true);
  });

  it('past 50,000 lines, keeps the newest 37,500 whole lines however short', () => {
    const window = append([lines(0, MAX_LOG_LINES), lines(MAX_LOG_LINES, 1)]);
    expect(window.dropped).toBe(true);
    expect(window.lines).toBe(37_500);
    expect(window.text.split('\n')).toHaveLength(37_501);
    expect(
      window.text.startsWith(`${String(12_501).padStart(19, '0')}\n`),
    ).toBe(true);
    expect(window.text.endsWith(`${String(50_000).padStart(19, '0')}\n`)).toBe(
      true,
    );
  });

  it('cuts once per quarter of new text, so the viewer re-parses seldom: 1,000 reads of 200 lines past the bound make 16 cuts, not 1,000', () => {
    // Backstage's LogViewer parses only what was appended while the new text
    // starts with the previous one: count the appends where it does not.
    // Attack 18: cutting to the bound on every chunk past it made each 4 KB
    // read re-parse the whole kept text (100,000 lines).
    let window = append([lines(0, MAX_LOG_LINES)]);
    let reparses = 0;
    for (let read = 0; read < 1_000; read++) {
      const next = appendToLogWindow(
        window,
        lines(MAX_LOG_LINES + read * 200, 200),
      );
      if (!next.text.startsWith(window.text)) reparses++;
      window = next;
    }
    // The first read cuts to 37,500 lines, then one in 63 (12,600 lines).
    expect(reparses).toBe(16);
    expect(window.lines).toBeLessThanOrEqual(MAX_LOG_LINES);
  });
});
