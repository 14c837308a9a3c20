import {
  appendToLogWindow,
  emptyLogWindow,
  MAX_LINE_CHARS,
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
    expect(window).toEqual({
      text: 'a\nbc\nd',
      lines: 2,
      column: 1,
      dropped: false,
    });
  });

  it('past 2 MB, keeps the newest text from a line start, never more than 2 MB', () => {
    const line = `${'x'.repeat(MAX_LINE_CHARS - 1)}\n`;
    const window = append([
      'first line\n',
      ...Array(4_100).fill(line), // 2.05 MB
      'last line\n',
    ]);
    expect(window.dropped).toBe(true);
    expect(window.text.length).toBeLessThanOrEqual(MAX_LOG_CHARS);
    expect(window.text.startsWith('x')).toBe(true);
    expect(window.text).not.toContain('first line');
    expect(window.text.endsWith('last line\n')).toBe(true);
    expect(window.lines).toBe(window.text.split('\n').length - 1);
  });

  it('wraps a line longer than 500 characters as it comes, so the text only grows at its end', () => {
    let window = emptyLogWindow;
    for (const chunk of ['y'.repeat(400), 'y'.repeat(400), 'y'.repeat(400)]) {
      const next = appendToLogWindow(window, chunk);
      expect(next.text.startsWith(window.text)).toBe(true);
      window = next;
    }
    expect(window.text.split('\n').map(l => l.length)).toEqual([500, 500, 200]);
    // A newline of the log starts a line anew.
    window = append(['z'.repeat(300), '\n', 'z'.repeat(300)]);
    expect(window.text.split('\n').map(l => l.length)).toEqual([300, 300]);
  });

  it('draws no line of more than 167 ANSI codes however a Job prints them without a newline', () => {
    // Attack 19: 600 reads of 4 KB of resets (`\x1b[m`) made one line of
    // 500,000 codes after the first cut, each drawn as a span with a Linkify.
    const chunk = '\x1b[m'.repeat(1_365);
    const window = append(Array(600).fill(chunk));
    const drawn = window.text.split('\n');
    expect(Math.max(...drawn.map(l => l.length))).toBeLessThanOrEqual(
      MAX_LINE_CHARS,
    );
    expect(
      Math.max(...drawn.map(l => l.split('\x1b[').length - 1)),
    ).toBeLessThanOrEqual(167);
    expect(window.text.length).toBeLessThanOrEqual(MAX_LOG_CHARS);
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
