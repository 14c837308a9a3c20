import { appendToLogWindow, emptyLogWindow, MAX_LOG_CHARS } from './logWindow';

// Attack 19 (issue 35): the window bounds characters and lines, never what
// one line holds. Kargo relays a Job's output in 4 KB chunks; a Job printing
// ANSI resets (`\x1b[m`) without a newline fills the window with one line,
// and each cut (every 0.5 MB past 2 MB) hands Backstage's LogViewer a new
// text it parses afresh: one line of 1.5 MB, 500,000 ANSI chunks, each drawn
// as a <span> with a Linkify (AnalysisRunLogs.attack19.test.tsx: 20,016
// spans took ~9.7 s in jsdom).

describe('the log window and one long line (attack 19)', () => {
  it('keeps a single line of 500,000 ANSI codes after a cut', () => {
    const chunk = '\x1b[m'.repeat(1_365); // 4,095 characters
    let window = emptyLogWindow;
    let cuts = 0;
    for (let read = 0; read < 600; read++) {
      const before = window.text.length;
      window = appendToLogWindow(window, chunk);
      if (window.text.length < before) cuts++;
    }
    expect(cuts).toBe(1);
    expect(window.lines).toBe(0);
    expect(window.text.length).toBeLessThanOrEqual(MAX_LOG_CHARS);
    const codes = window.text.split('\x1b[m').length - 1;
    // Measured: 1.5 MB kept after the cut at 2 MB: 500,000 codes in one line
    // (~650,000 with the reads since, all drawn whole at the next cut).
    expect(codes).toBeGreaterThan(500_000);
  });
});
