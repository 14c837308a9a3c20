import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kargoApiRef, type KargoLogEvent } from '../../api';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { failedRun } from '../../__fixtures__/analysisRun';
import { AnalysisRunDrawer } from './AnalysisRunDrawer';

// Issue 35, attack 18: the log viewer keeps a stream's newest 2 MB
// (useAnalysisRunLogs, attack 17's fix). Backstage's LogViewer (its
// AnsiProcessor) processes only what was appended while the new text starts
// with the previous one; once the stream is past 2 MB every chunk drops
// lines at the front, the new text no longer starts with the old, and the
// processor parses all 2 MB again: every line, for every chunk. Before
// attack 17's cut, a log with newlines was processed incrementally. A
// project member's Job prints short distinct lines forever; whoever opens
// its logs gets a tab re-parsing 2 MB per network read.

jest.mock('react-virtualized-auto-sizer', () => ({
  __esModule: true,
  default: (props: {
    children: (size: { height: number; width: number }) => unknown;
  }) => props.children({ height: 400, width: 600 }),
}));

const target = {
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  instance: 'production',
};
const jobRun = {
  ...failedRun,
  jobMetrics: [{ metric: 'error-rate', containers: ['probe'], hasJob: true }],
};

function controlledStream() {
  const queue: Array<KargoLogEvent | 'end'> = [];
  let wake: (() => void) | undefined;
  const push = (item: KargoLogEvent | 'end') => {
    queue.push(item);
    wake?.();
  };
  const next = () =>
    queue.length > 0
      ? Promise.resolve()
      : new Promise<void>(r => {
          wake = r;
        });
  async function* stream(): AsyncIterable<KargoLogEvent> {
    for (;;) {
      await next();
      const item = queue.shift()!;
      if (item === 'end') return;
      yield item;
    }
  }
  return { push, stream };
}

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

/** `count` lines, each empty or one letter (1.5 characters on average). */
const emptyOrLetter = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const h = Math.imul(from + i + 1, 2654435761) >>> 16;
    return h % 2 ? `${String.fromCharCode(97 + (h % 26))}\n` : '\n';
  }).join('');

async function linesParsedPerChunk(
  initialLines: number,
  make = lines,
  chunkLines = 200,
  CHUNKS = 5,
) {
  const s = controlledStream();
  const api = fakeKargoApi({
    getAnalysisRun: jest.fn(async () => jobRun),
    streamAnalysisRunLogs: jest.fn(() => s.stream()),
  });
  await renderInTestApp(
    <TestApiProvider apis={[[kargoApiRef, api]]}>
      <AnalysisRunDrawer target={target} onClose={() => {}} />
    </TestApiProvider>,
  );
  const metric = await screen.findByRole('region', { name: 'error-rate' });
  await userEvent.click(within(metric).getByRole('button', { name: 'Logs' }));
  const logs = await screen.findByRole('region', {
    name: 'Logs of error-rate',
  });
  act(() => s.push({ type: 'text', text: `${make(0, initialLines)}start\n` }));
  await within(logs).findByText('start');
  linesParsed = 0;
  const started = Date.now();
  for (let c = 0; c < CHUNKS; c++) {
    // A 4 KB network read (200 lines of 20 characters).
    const text = `${make(
      initialLines + c * chunkLines,
      chunkLines,
    )}chunk ${c}\n`;
    act(() => s.push({ type: 'text', text }));
    await within(logs).findByText(`chunk ${c}`);
  }
  return {
    perChunk: linesParsed / CHUNKS,
    ms: (Date.now() - started) / CHUNKS,
  };
}

describe('the log viewer past its 2 MB (issue 35, attack 18)', () => {
  it('parses only the new lines of a chunk below 2 MB, but all 100,000 kept lines of every chunk past it', async () => {
    const below = await linesParsedPerChunk(90_000); // 1.8 MB
    const past = await linesParsedPerChunk(100_000); // 2 MB: each chunk drops
    // eslint-disable-next-line no-console
    console.log(
      `lines parsed per 4 KB chunk: ${below.perChunk} below 2 MB (${below.ms} ms), ` +
        `${past.perChunk} past it (${past.ms} ms)`,
    );
    expect(below.perChunk).toBeLessThan(1_000);
    // Measured: ~100,000 per chunk (the whole 2 MB kept), 500 times more.
    expect(past.perChunk).toBeGreaterThan(90_000);
  }, 60_000);

  it('takes the tab ~0.6 s per 4 KB read for one-letter lines and ~1.5 s for empty-or-one-letter lines (printed)', async () => {
    // 1,000,000 lines of 2 characters kept; each read of 2,000 lines re-parses them all.
    const past = await linesParsedPerChunk(1_000_000, shortLines, 2_000, 2);
    // eslint-disable-next-line no-console
    console.log(
      `one-letter lines: ${past.perChunk} lines parsed, ${past.ms} ms per 4 KB read (jsdom)`,
    );
    expect(past.perChunk).toBeGreaterThan(900_000);
    // Half of the lines empty: 1.33 million lines kept, parsed per read.
    const mixed = await linesParsedPerChunk(1_400_000, emptyOrLetter, 2_700, 2);
    // eslint-disable-next-line no-console
    console.log(
      `empty or one-letter lines: ${mixed.perChunk} lines parsed, ${mixed.ms} ms per 4 KB read (jsdom)`,
    );
    expect(mixed.perChunk).toBeGreaterThan(1_200_000);
  }, 60_000);
});
