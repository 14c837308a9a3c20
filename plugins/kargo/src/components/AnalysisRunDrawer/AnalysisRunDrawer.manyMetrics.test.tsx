import { screen } from '@testing-library/react';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { renderDrawer } from '../../__testUtils__/analysisRunDrawer';
import { failedRun } from '../../__fixtures__/analysisRun';

// Issue 35, attack 18: the drawer drew every metric of the run, each a
// section with its heading, status and logs control. A project member writes
// the run's status (no status subresource): a result
// `{"name":"mNNNNN","phase":"Failed"}` is ~35 bytes, so a 1.5 MB run holds
// ~40,000 metrics, drawn (and drawn again on each signal of the project) in
// the tab of whoever opened it: 1,000 took 5.4 s in jsdom.

const metric = (i: number, phase: string) => ({
  name: `m${i}`,
  phase,
  message: null,
  failedMeasurements: [],
});

/** The drawer of a run of these metrics (no job metrics): its metric sections. */
async function drawRun(metrics: ReturnType<typeof metric>[]) {
  const run = { ...failedRun, metrics, jobMetrics: [] };
  const { container } = await renderDrawer(
    fakeKargoApi({ getAnalysisRun: jest.fn(async () => run) }),
  );
  return () =>
    container.ownerDocument.querySelectorAll('section[aria-label^="m"]');
}

describe('the drawer of a run of many metrics (issue 35, attack 18)', () => {
  it('draws 100 of 40,000 metrics, the one that failed among them, and says how many it leaves out', async () => {
    const sections = await drawRun(
      Array.from({ length: 40_000 }, (_, i) =>
        metric(i, i === 39_999 ? 'Failed' : 'Successful'),
      ),
    );
    expect(
      await screen.findByText(
        '39900 more metrics are not shown (unfinished and failed ones first).',
      ),
    ).toBeInTheDocument();
    const drawn = sections();
    expect(drawn).toHaveLength(100);
    // The failed one first, then the run's order.
    expect(drawn[0]).toHaveAttribute('aria-label', 'm39999');
    expect(drawn[1]).toHaveAttribute('aria-label', 'm0');
  });

  it('draws a run of few metrics whole, in its order, with no note', async () => {
    const sections = await drawRun([
      metric(0, 'Successful'),
      metric(1, 'Failed'),
    ]);
    await screen.findByRole('region', { name: 'm1' });
    const drawn = sections();
    expect([...drawn].map(s => s.getAttribute('aria-label'))).toEqual([
      'm0',
      'm1',
    ]);
    expect(screen.queryByText(/more metrics? (is|are) not shown/)).toBeNull();
  });
});
