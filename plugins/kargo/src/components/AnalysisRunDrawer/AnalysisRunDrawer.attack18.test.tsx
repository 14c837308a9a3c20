import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { waitFor } from '@testing-library/react';
import { kargoApiRef } from '../../api';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { failedRun } from '../../__fixtures__/analysisRun';
import { AnalysisRunDrawer } from './AnalysisRunDrawer';

// Issue 35, attack 18 (measurement): the drawer draws every metric of the
// run (metricsOfAnalysisRun: "the AnalysisRun itself shows every metric"),
// each a section with its heading, status and logs control, not
// virtualized, and reads the run again on every signal of its project.
// A project member writes the run's status (no status subresource): a
// result `{"name":"mNNNNN","phase":"Failed"}` is ~35 bytes, so a 1.5 MB
// run holds ~40,000 metrics.

const target = {
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  instance: 'production',
};

async function renderMs(metrics: number) {
  const run = {
    ...failedRun,
    metrics: Array.from({ length: metrics }, (_, i) => ({
      name: `m${i}`,
      phase: 'Failed',
      message: null,
      failedMeasurements: [],
    })),
    jobMetrics: [],
  };
  const api = fakeKargoApi({ getAnalysisRun: jest.fn(async () => run) });
  const started = Date.now();
  await renderInTestApp(
    <TestApiProvider apis={[[kargoApiRef, api]]}>
      <AnalysisRunDrawer target={target} onClose={() => {}} />
    </TestApiProvider>,
  );
  await waitFor(
    () =>
      expect(
        document.querySelector(`section[aria-label="m${metrics - 1}"]`),
      ).not.toBeNull(),
    { timeout: 30_000 },
  );
  return Date.now() - started;
}

describe('the drawer of a run of many metrics (issue 35, attack 18)', () => {
  it('draws every metric (printed: ms per metric count)', async () => {
    const small = await renderMs(200);
    const large = await renderMs(1_000);
    // eslint-disable-next-line no-console
    console.log(
      `drawer render: 200 metrics ${small} ms, 1,000 metrics ${large} ms`,
    );
    expect(large).toBeGreaterThan(0);
  }, 60_000);
});
