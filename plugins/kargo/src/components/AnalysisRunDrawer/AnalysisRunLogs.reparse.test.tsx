import { act, within } from '@testing-library/react';
import { openStreamedLogs } from '../../__testUtils__/analysisRunDrawer';

// Issue 35, attack 18: Backstage's LogViewer (its AnsiProcessor) processes
// only what was appended while the new text starts with the previous one.
// Attack 17's bound cut the log to 2 MB on every chunk past it, so each 4 KB
// read re-parsed every kept line: 100,000 lines of 20 characters, or a
// million one-letter lines (~0.6 s per read in jsdom). A project member's Job
// prints short distinct lines forever; whoever opens its logs got a tab
// re-parsing 2 MB per network read. A cut now goes a quarter below the
// bounds (logWindow.ts), and lines are bounded too.

jest.mock(
  'react-virtualized-auto-sizer',
  () => jest.requireActual('../../__testUtils__/autoSizer').fixedAutoSizer,
);

/** Calls of the LogViewer's line splitter (`/\n\r?/g`): lines parsed. */
let linesParsed = 0;
const exec = RegExp.prototype.exec;
beforeAll(() => {
  // eslint-disable-next-line no-extend-native
  RegExp.prototype.exec = function counted(this: RegExp, s: string) {
    if (this.source === '\\n\\r?') linesParsed++;
    return exec.call(this, s);
  };
});
afterAll(() => {
  // eslint-disable-next-line no-extend-native
  RegExp.prototype.exec = exec;
});

/** `count` distinct lines of 20 characters from `from`. */
const lines = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${String(from + i).padStart(19, '0')}\n`,
  ).join('');

/** `count` lines of one letter each (2 characters), the letters varying. */
const shortLines = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${String.fromCharCode(97 + (((from + i) * 7919) % 26))}\n`,
  ).join('');

async function linesParsedPerChunk(
  initialLines: number,
  make = lines,
  chunkLines = 200,
  CHUNKS = 5,
) {
  const { s, logs } = await openStreamedLogs();
  act(() => s.push({ type: 'text', text: `${make(0, initialLines)}start\n` }));
  await within(logs).findByText('start');
  linesParsed = 0;
  for (let c = 0; c < CHUNKS; c++) {
    // A 4 KB network read (200 lines of 20 characters).
    const text = `${make(
      initialLines + c * chunkLines,
      chunkLines,
    )}chunk ${c}\n`;
    act(() => s.push({ type: 'text', text }));
    await within(logs).findByText(`chunk ${c}`);
  }
  return { perChunk: linesParsed / CHUNKS };
}

describe('the log viewer past its bounds (issue 35, attack 18)', () => {
  it('parses only the new lines of each 4 KB read, below the bounds and past them', async () => {
    const below = await linesParsedPerChunk(40_000); // 0.8 MB
    // 2 MB and 100,000 lines: cut to 37,500 lines when it came, then appended.
    const past = await linesParsedPerChunk(100_000);
    // Each read is 201 lines. Past the bounds it was 100,003 (every kept line).
    expect(below.perChunk).toBeLessThan(1_000);
    expect(past.perChunk).toBeLessThan(1_000);
  }, 60_000);

  it('parses only the new lines of reads past a million one-letter lines', async () => {
    // It re-parsed 1,000,000 kept lines per read (~0.6 s each in jsdom); the
    // viewer now keeps at most 50,000 lines.
    const past = await linesParsedPerChunk(1_000_000, shortLines, 2_000, 2);
    expect(past.perChunk).toBeLessThan(5_000);
  }, 60_000);
});
