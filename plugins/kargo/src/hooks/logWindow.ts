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
 */

/** Characters of a log kept at most. */
export const MAX_LOG_CHARS = 2_000_000;
/** Lines of a log kept at most (its parsing costs per line). */
export const MAX_LOG_LINES = 50_000;

const KEEP_CHARS = (MAX_LOG_CHARS * 3) / 4;
const KEEP_LINES = (MAX_LOG_LINES * 3) / 4;

/** What the viewer holds of a stream. */
export interface LogWindow {
  text: string;
  /** Newlines in `text`. */
  lines: number;
  /** Earlier text was dropped. */
  dropped: boolean;
}

export const emptyLogWindow: LogWindow = { text: '', lines: 0, dropped: false };

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

/** The window with `chunk` appended: cut below both bounds once past one. */
export function appendToLogWindow(window: LogWindow, chunk: string): LogWindow {
  const text = window.text + chunk;
  const lines = window.lines + newlinesIn(chunk);
  if (text.length <= MAX_LOG_CHARS && lines <= MAX_LOG_LINES)
    return { text, lines, dropped: window.dropped };
  const byChars = lastChars(text, KEEP_CHARS);
  const linesByChars = newlinesIn(byChars);
  const kept =
    linesByChars > KEEP_LINES
      ? withoutLines(byChars, linesByChars - KEEP_LINES)
      : byChars;
  return {
    text: kept,
    lines: Math.min(linesByChars, KEEP_LINES),
    dropped: true,
  };
}
