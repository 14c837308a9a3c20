import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openStreamedLogs } from '../../__testUtils__/analysisRunDrawer';

// Issue 35, attack 20: Backstage's RealLogViewer (core-components 0.18.14)
// passes react-window a row renderer declared inside its render, so each
// render mounts every row in view again, with its spans, Linkify and links.
// Every update of the log rendered the viewer, Follow off too: with lines of
// 500 characters of `a.io `, ~1,800 links mounted per 8-byte chunk (in real
// Chromium 200-570 ms per chunk, keeping the tab of whoever opened the logs
// drawing while the Job printed). The text is now shown at most every 500 ms
// (LOG_UPDATE_MS: useAnalysisRunLogs.test.tsx), and the viewer is drawn only
// when its text changes.

jest.mock(
  'react-virtualized-auto-sizer',
  () => jest.requireActual('../../__testUtils__/autoSizer').fixedAutoSizer,
);

/** Elements matching `selector` added to `root` while `run` runs. */
async function added(
  root: Element,
  selector: string,
  run: () => Promise<void>,
) {
  let count = 0;
  const tally = (records: MutationRecord[]) => {
    const nodes = records.flatMap(r => [...r.addedNodes]);
    for (const n of nodes) {
      if (n instanceof Element)
        count +=
          (n.matches(selector) ? 1 : 0) + n.querySelectorAll(selector).length;
    }
  };
  const observer = new MutationObserver(tally);
  observer.observe(root, { childList: true, subtree: true });
  await run();
  tally(observer.takeRecords());
  observer.disconnect();
  return count;
}

/** The logs after 40 lines of `line`, and a way to count `selector` added per 8-byte chunk. */
async function streamOf(line: string) {
  const { s, logs } = await openStreamedLogs();
  act(() => s.push({ type: 'text', text: `${`${line}\n`.repeat(40)}start\n` }));
  await within(logs).findByText('start', {}, { timeout: 30_000 });
  let chunk = 0;
  const perChunk = async (selector: string) =>
    added(logs, selector, async () => {
      const c = chunk++;
      act(() => s.push({ type: 'text', text: `tick ${c}\n` }));
      await within(logs).findByText(new RegExp(`Paused: ${c + 1} new line`));
    });
  return { logs, perChunk };
}

describe('the log viewer per update (issue 35, attack 20)', () => {
  it('draws nothing again for a chunk while Follow is off', async () => {
    const { logs, perChunk } = await streamOf('a.io '.repeat(100));
    await userEvent.click(
      within(logs).getByRole('checkbox', { name: 'Follow' }),
    );
    const count = await perChunk('a[href^="http"]');
    // It was ~1,800 links mounted for a chunk that is not shown.
    expect(count).toBe(0);
  }, 60_000);
});
