import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { kargoApiRef } from '../../api';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { failedRun } from '../../__fixtures__/analysisRun';
import { AnalysisRunDrawer } from './AnalysisRunDrawer';

// Issue 35, attack 18: the drawer drew every metric of the run, each a
// section with its heading, status and logs control. A project member writes
// the run's status (no status subresource): a result
// `{"name":"mNNNNN","phase":"Failed"}` is ~35 bytes, so a 1.5 MB run holds
// ~40,000 metrics, drawn (and drawn again on each signal of the project) in
// the tab of whoever opened it: 1,000 took 5.4 s in jsdom.

const target = {
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  instance: 'production',
};

const metric = (i: number, phase: string) => ({
  name: `m${i}`,
  phase,
  message: null,
  failedMeasurements: [],
});

describe('the drawer of a run of many metrics (issue 35, attack 18)', () => {
  it('draws 100 of 40,000 metrics, the one that failed among them, and says how many it leaves out', async () => {
    const run = {
      ...failedRun,
      metrics: Array.from({ length: 40_000 }, (_, i) =>
        metric(i, i === 39_999 ? 'Failed' : 'Successful'),
      ),
      jobMetrics: [],
    };
    const api = fakeKargoApi({ getAnalysisRun: jest.fn(async () => run) });
    const { container } = await renderInTestApp(
      <TestApiProvider apis={[[kargoApiRef, api]]}>
        <AnalysisRunDrawer target={target} onClose={() => {}} />
      </TestApiProvider>,
    );
    expect(
      await screen.findByText(
        '39900 more metrics are not shown (unfinished and failed ones first).',
      ),
    ).toBeInTheDocument();
    const drawn = container.ownerDocument.querySelectorAll(
      'section[aria-label^="m"]',
    );
    expect(drawn).toHaveLength(100);
    // The failed one first, then the run's order.
    expect(drawn[0]).toHaveAttribute('aria-label', 'm39999');
    expect(drawn[1]).toHaveAttribute('aria-label', 'm0');
  });

  it('draws a run of few metrics whole, in its order, with no note', async () => {
    const run = {
      ...failedRun,
      metrics: [metric(0, 'Successful'), metric(1, 'Failed')],
      jobMetrics: [],
    };
    const api = fakeKargoApi({ getAnalysisRun: jest.fn(async () => run) });
    const { container } = await renderInTestApp(
      <TestApiProvider apis={[[kargoApiRef, api]]}>
        <AnalysisRunDrawer target={target} onClose={() => {}} />
      </TestApiProvider>,
    );
    await screen.findByRole('region', { name: 'm1' });
    const drawn = container.ownerDocument.querySelectorAll(
      'section[aria-label^="m"]',
    );
    expect([...drawn].map(s => s.getAttribute('aria-label'))).toEqual([
      'm0',
      'm1',
    ]);
    expect(screen.queryByText(/more metrics? (is|are) not shown/)).toBeNull();
  });
});
