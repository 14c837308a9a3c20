import { act, within } from '@testing-library/react';
import { openStreamedLogs } from '../../__testUtils__/analysisRunDrawer';

// Issue 35, attack 19: Backstage's LogViewer draws a line as a <span> (with
// a Linkify) per ANSI chunk, and a Backstage <Link> per URL-looking word.
// A project member's Job printed one line of `\x1b[m` (an empty chunk per 3
// characters) or of `a.io ` (a link per 5): whoever opened its logs got the
// line drawn whole, 1.5 MB after a cut (500,000 spans or 300,000 links; in
// jsdom 20,016 spans took ~9.7 s and 10,000 links ~11 s). Lines are now
// wrapped at 500 characters as they come (hooks/logWindow.ts).

jest.mock(
  'react-virtualized-auto-sizer',
  () => jest.requireActual('../../__testUtils__/autoSizer').fixedAutoSizer,
);

/** The log region after one read of `text`, then a line `end`. */
async function drawn(text: string) {
  const { s, logs } = await openStreamedLogs();
  act(() => s.push({ type: 'text', text: `${text}\nend\n` }));
  await within(logs).findByText('end', {}, { timeout: 30_000 });
  return {
    spans: logs.querySelectorAll('span').length,
    links: logs.querySelectorAll('a[href^="http"]').length,
  };
}

describe('one long log line (issue 35, attack 19)', () => {
  it('draws a line of 50,000 ANSI codes as wrapped lines, only those in view: a tenth as many spans as codes', async () => {
    const { spans } = await drawn('\x1b[m'.repeat(50_000));
    // It drew a span per code: more than 50,000. About 18 lines of 166
    // codes are in view.
    expect(spans).toBeLessThan(5_000);
  }, 60_000);

  it('draws a line of 25,000 URL-looking words as wrapped lines, only those in view: a tenth as many links as words', async () => {
    const { links } = await drawn('a.io '.repeat(25_000));
    // It drew a link per word: 25,000. About 18 lines of 100 are in view.
    expect(links).toBeLessThan(2_500);
  }, 60_000);
});
