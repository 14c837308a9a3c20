import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kargoApiRef, type KargoLogEvent } from '../../api';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { failedRun } from '../../__fixtures__/analysisRun';
import { AnalysisRunDrawer } from './AnalysisRunDrawer';

// Attack 19 (issue 35): the log window bounds a stream to 2 MB and 50,000
// lines, but not what ONE line costs to draw. Backstage's LogViewer draws a
// line as one <span> (with a Linkify) per ANSI chunk, and Linkify draws one
// Backstage <Link> per URL-looking word. A project member's Job prints one
// line of `\x1b[m` (3 characters each: an empty chunk per code) or of
// `a.io ` (5 characters: one link each); whoever opens its logs gets the
// line in view drawn whole: 1.5 MB (what a cut keeps) = 500,000 spans or
// 300,000 links, every time the window is cut (each 0.5 MB).

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

async function drawnLine(text: string) {
  const events: KargoLogEvent[] = [{ type: 'text', text }];
  const api = fakeKargoApi({
    getAnalysisRun: jest.fn(async () => jobRun),
    streamAnalysisRunLogs: jest.fn(async function* stream() {
      yield* events;
    }),
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
  await act(async () => {});
  await within(logs).findByText('end', {}, { timeout: 30_000 });
  const spans = logs.querySelectorAll('span').length;
  const links = logs.querySelectorAll('a[href^="http"]').length;
  return { spans, links };
}

describe('one log line drawn whole (attack 19)', () => {
  it('draws a span per ANSI code of a single line: 15 KB of codes, 5,000 spans', async () => {
    const { spans } = await drawnLine(`${'\x1b[m'.repeat(5_000)}\nend`);
    // Measured (jsdom, this file): 60 KB of codes drew 20,016 spans in
    // ~9.7 s, a two-line log ~0.3 s. The window keeps 1.5 MB after a cut
    // and 2 MB before one: 500,000-667,000 spans for the one line in view.
    expect(spans).toBeGreaterThan(5_000);
  }, 60_000);

  it('draws a Link per URL-looking word of a single line: 12.5 KB, 2,500 links', async () => {
    const { links } = await drawnLine(`${'a.io '.repeat(2_500)}\nend`);
    // Measured (jsdom): 50 KB drew 10,000 Backstage Links in ~11 s. 1.5 MB:
    // 300,000 Links, each a MUI Link with a visually hidden Typography.
    expect(links).toBeGreaterThanOrEqual(2_500);
  }, 60_000);

  it('a short log for comparison: a handful of spans', async () => {
    const { spans, links } = await drawnLine('hello https://x.io\nend');
    expect(spans).toBeLessThan(20);
    expect(links).toBe(1);
  }, 60_000);
});
