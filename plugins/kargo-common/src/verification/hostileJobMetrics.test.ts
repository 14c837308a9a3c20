import type { AnalysisRun } from '../types';
import { jobMetricsOf } from './jobMetrics';

// Issue 35, attack 17. The AnalysisRun drawer's route found each job
// metric's result by a search of every result: an AnalysisRun (no status
// subresource: a project member writes spec and status) of 9,400 job
// metrics and 37,500 results that match none cost ~3.5 x 10^8 comparisons
// per request. Each result is now read once.

describe('the job metrics of a hostile AnalysisRun (attack 17)', () => {
  it("reads each result's name once however many job metrics ask (2,000 x 2,000 read 4 million)", () => {
    const M = 2_000;
    let reads = 0;
    const results = Array.from({ length: M }, (_, i) => {
      const result = {};
      Object.defineProperty(result, 'name', {
        enumerable: true,
        get: () => {
          reads++;
          return `r${i}`;
        },
      });
      return result;
    });
    const metric = (name: string) => ({
      name,
      provider: { job: { spec: { template: { spec: { containers: [] } } } } },
    });
    const run = {
      metadata: { name: 'run', namespace: 'p' },
      spec: {
        metrics: [
          ...Array.from({ length: M }, (_, i) => metric(`m${i}`)),
          metric('r7'),
        ],
      },
      status: { metricResults: results },
    } as unknown as AnalysisRun;
    const jobs = jobMetricsOf(run);
    expect(jobs).toHaveLength(M + 1);
    expect(reads).toBe(M);
    // A metric with a result still finds it (the first of its name).
    expect(jobs[M].metric).toBe('r7');
  });
});
