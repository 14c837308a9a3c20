import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openStreamedLogs } from '../../__testUtils__/analysisRunDrawer';

// Attack 20b (issue 35): Backstage's RealLogViewer (core-components 0.18.14)
// passes react-window a row renderer (`renderItem`) declared inside its
// render, so each render hands the list a new component type and every row
// in view is unmounted and mounted again, with its spans, Linkify and
// Backstage <Link>s. Every update of the log renders the viewer (with Follow
// off too: LogStream renders LogViewer again with the frozen text), so an
// 8-byte chunk redraws the whole view, not only the new line. With lines of
// 500 characters of `a.io ` (the wrap of attack 19) that is ~16-18 rows x 100
// links per chunk; with a search that matches every character, 500
// highlight spans per row.
//
// Measured in real Chromium (headless, this 2-CPU machine, a harness
// rendering RealLogViewer 320 px high): per 8-byte chunk, link lines 200-570
// ms and ~3,000 <a>/<span> added (1,500 links); a search "x" over 2 MB of
// `x` lines 380-680 ms and 8,032 spans added (and 2,000,000 search results
// built); plain lines without search 20-30 ms and ~50 elements.

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
  const perChunk = async (
    selector: string,
    shows: 'line' | 'paused' | 'rendered' = 'line',
  ) => {
    const c = chunk++;
    return added(logs, selector, async () => {
      act(() => s.push({ type: 'text', text: `tick ${c}\n` }));
      if (shows === 'line')
        await within(logs).findByText(`tick ${c}`, {}, { timeout: 30_000 });
      else if (shows === 'paused')
        await within(logs).findByText(new RegExp(`Paused: ${c + 1} new line`));
      else await act(() => new Promise(r => setTimeout(r, 100)));
    });
  };
  return { logs, perChunk };
}

describe('the log viewer per update (attack 20b)', () => {
  it('redraws every row in view, links and all, for each 8-byte chunk', async () => {
    const { perChunk } = await streamOf('a.io '.repeat(100));
    const counts = [
      await perChunk('a[href^="http"]'),
      await perChunk('a[href^="http"]'),
    ];
    // Measured in jsdom: [1800, 1700] links mounted per chunk (~1.1 s each);
    // the new line ("tick N") has none.
    expect(counts[0]).toBeGreaterThan(1_000);
    expect(counts[1]).toBeGreaterThan(1_000);
  }, 60_000);

  it('redraws them with Follow off too, though the view does not change', async () => {
    const { logs, perChunk } = await streamOf('a.io '.repeat(100));
    await userEvent.click(
      within(logs).getByRole('checkbox', { name: 'Follow' }),
    );
    const count = await perChunk('a[href^="http"]', 'paused');
    // Measured: 1,800 links mounted for a chunk that is not shown.
    expect(count).toBeGreaterThan(1_000);
  }, 60_000);

  it('redraws a highlight span per matched character of each row in view for each chunk while a search matches every character', async () => {
    // Lines of 250 here (jsdom is slow); 500 in a browser.
    const { logs, perChunk } = await streamOf('x'.repeat(250));
    await userEvent.type(within(logs).getByRole('textbox'), 'x');
    // The view stays at the first result; the chunk is not in view.
    const count = await perChunk('span', 'rendered');
    // Measured: 5,020 spans mounted per chunk (18 rows of 250 highlights
    // and their line's others).
    expect(count).toBeGreaterThan(3_000);
  }, 60_000);
});
