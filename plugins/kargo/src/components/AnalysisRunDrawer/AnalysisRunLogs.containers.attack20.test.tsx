import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { jobRun, openLogs } from '../../__testUtils__/analysisRunDrawer';

// Attack 20b (issue 35): the container picker of a job metric lists every
// container of the metric's Job spec (jobMetricsOf in kargo-common keeps
// them all, kargo-backend's AnalysisRun route sends them all). A project
// member writes the AnalysisRun (spec and status): `{"name":"cNNNNN"}` is
// ~17 bytes, so a 1.5 MB run names ~85,000 containers, each an <option>
// drawn when a reader opens the metric's logs (once, and reconciled again on
// each signalled reload of the run). Low: drawn once per opening, no stream.

jest.mock(
  'react-virtualized-auto-sizer',
  () => jest.requireActual('../../__testUtils__/autoSizer').fixedAutoSizer,
);

describe('the container picker of a job metric (attack 20b)', () => {
  it('draws an option per container the Job spec names, unbounded', async () => {
    const containers = Array.from({ length: 5_000 }, (_, i) => `c${i}`);
    const run = {
      ...jobRun,
      jobMetrics: [{ metric: 'error-rate', containers, hasJob: true }],
    };
    const logs = await openLogs(
      fakeKargoApi({
        getAnalysisRun: jest.fn(async () => run),
        streamAnalysisRunLogs: jest.fn(async function* stream() {
          yield { type: 'text' as const, text: 'one\n' };
        }),
      }),
    );
    // Measured: 5,000 options for 5,000 containers (85,000 fit in 1.5 MB).
    expect(logs.querySelectorAll('option')).toHaveLength(5_000);
  }, 30_000);
});
