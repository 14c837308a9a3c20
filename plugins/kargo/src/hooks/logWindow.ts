/**
 * The part of a log stream the viewer keeps: the newest text, within a bound
 * of characters and of lines.
 *
 * A Job printing megabytes without a newline made Backstage's `LogViewer` redo
 * work as long as its last line on every chunk (issue 35, attack 17), so the
 * text is bounded. The `LogViewer` parses only what was appended while the
 * new text starts with the one before; a cut at the front breaks that, and it
 * parses everything again. Cutting to the bound on every chunk past it made
 * each 4 KB read re-parse 2 MB or a million short lines (attack 18); a cut
 * goes a quarter below both bounds instead, so the viewer re-parses once per
 * quarter of new text.
 *
 * A line is drawn whole, a span per ANSI code and a link per URL-looking
 * word in it: a Job printing codes without a newline made one line of 1.5 MB,
 * 500,000 spans (attack 19). Lines are wrapped at {@link MAX_LINE_CHARS} as
 * they come, so the text still only grows at its end. (A code that a wrap
 * splits shows as text; only lines that long are wrapped.)
 */

/** Characters of a log kept at most. */
export const MAX_LOG_CHARS = 2_000_000;
/** Lines of a log kept at most (its parsing costs per line). */
export const MAX_LOG_LINES = 50_000;
/** Characters of a drawn line at most: longer ones are wrapped. */
export const MAX_LINE_CHARS = 500;

const KEEP_CHARS = (MAX_LOG_CHARS * 3) / 4;
const KEEP_LINES = (MAX_LOG_LINES * 3) / 4;

/** What the viewer holds of a stream. */
export interface LogWindow {
  text: string;
  /** Newlines in `text`. */
  lines: number;
  /** Characters of `text`'s last line (since its last newline). */
  column: number;
  /** Earlier text was dropped. */
  dropped: boolean;
}

export const emptyLogWindow: LogWindow = {
  text: '',
  lines: 0,
  column: 0,
  dropped: false,
};

function newlinesIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1))
    count++;
  return count;
}

/** `text` from its last `chars` characters, at a line's start when there is one. */
function lastChars(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const from = text.length - chars;
  const line = text.indexOf('\n', from);
  return text.slice(line >= 0 && line < text.length - 1 ? line + 1 : from);
}

/** `text` without its first `count` lines. */
function withoutLines(text: string, count: number): string {
  let at = -1;
  for (let i = 0; i < count; i++) at = text.indexOf('\n', at + 1);
  return text.slice(at + 1);
}

/**
 * `chunk` with a newline wherever a line, begun `column` characters before
 * it, would pass MAX_LINE_CHARS; and the column its last line ends at.
 */
function wrapped(
  chunk: string,
  column: number,
): { text: string; column: number } {
  let text = '';
  let col = column;
  for (let from = 0; ; ) {
    const newline = chunk.indexOf('\n', from);
    const end = newline < 0 ? chunk.length : newline;
    let at = from;
    while (end - at > MAX_LINE_CHARS - col) {
      const take = MAX_LINE_CHARS - col;
      text += `${chunk.slice(at, at + take)}\n`;
      at += take;
      col = 0;
    }
    text += chunk.slice(at, end);
    col += end - at;
    if (newline < 0) return { text, column: col };
    text += '\n';
    col = 0;
    from = newline + 1;
  }
}

/** The window with `chunk` appended: lines wrapped, cut below both bounds once past one. */
export function appendToLogWindow(window: LogWindow, chunk: string): LogWindow {
  const added = wrapped(chunk, window.column);
  const text = window.text + added.text;
  const lines = window.lines + newlinesIn(added.text);
  if (text.length <= MAX_LOG_CHARS && lines <= MAX_LOG_LINES)
    return { text, lines, column: added.column, dropped: window.dropped };
  const byChars = lastChars(text, KEEP_CHARS);
  const linesByChars = newlinesIn(byChars);
  const kept =
    linesByChars > KEEP_LINES
      ? withoutLines(byChars, linesByChars - KEEP_LINES)
      : byChars;
  return {
    text: kept,
    lines: Math.min(linesByChars, KEEP_LINES),
    column: kept.length - (kept.lastIndexOf('\n') + 1),
    dropped: true,
  };
}
