import type { AnalysisRun } from '../types';
import { jobMetricsOf } from './jobMetrics';

const jobProvider = (...containers: unknown[]) => ({
  job: { spec: { template: { spec: { containers } } } },
});

describe('jobMetricsOf', () => {
  it('lists the Job metrics with their containers, and whether Kargo can find the Job', () => {
    const run = {
      spec: {
        metrics: [
          {
            name: 'smoke',
            provider: jobProvider({ name: 'test' }, { name: 'proxy' }),
          },
          { name: 'latency', provider: { prometheus: { query: 'up' } } },
          { name: 'pending', provider: jobProvider({ name: 'wait' }) },
        ],
      },
      status: {
        metricResults: [
          {
            name: 'smoke',
            measurements: [
              { metadata: { 'job-name': 'j1', 'job-namespace': 'checkout' } },
            ],
          },
          { name: 'pending', measurements: [{ phase: 'Running' }] },
        ],
      },
    } as unknown as AnalysisRun;
    expect(jobMetricsOf(run)).toEqual([
      { metric: 'smoke', containers: ['test', 'proxy'], hasJob: true },
      { metric: 'pending', containers: ['wait'], hasJob: false },
    ]);
  });

  it('has no Job when the measurement names no namespace', () => {
    const run = {
      spec: {
        metrics: [{ name: 'smoke', provider: jobProvider({ name: 'c' }) }],
      },
      status: {
        metricResults: [
          { name: 'smoke', measurements: [{ metadata: { 'job-name': 'j1' } }] },
        ],
      },
    } as unknown as AnalysisRun;
    expect(jobMetricsOf(run)[0].hasJob).toBe(false);
  });

  it('skips what a broken AnalysisRun holds instead of a metric or container', () => {
    const run = {
      spec: {
        metrics: [
          null,
          { provider: jobProvider({ name: 'c' }) },
          {
            name: 'smoke',
            provider: jobProvider(null, { name: 7 }, { name: 'c' }),
          },
        ],
      },
      status: { metricResults: 'not a list' },
    } as unknown as AnalysisRun;
    expect(jobMetricsOf(run)).toEqual([
      { metric: 'smoke', containers: ['c'], hasJob: false },
    ]);
    expect(jobMetricsOf({} as AnalysisRun)).toEqual([]);
  });
});

describe('jobMetricsOf on a run a member wrote (issue 35, attack 20)', () => {
  it("lists a Job metric's first 20 containers, none whose name is no DNS label", () => {
    // A 1.5 MB spec names ~85,000 containers; all were drawn as options.
    const containers = [
      { name: 'x'.repeat(64) },
      ...Array.from({ length: 5_000 }, (_, i) => ({ name: `c${i}` })),
    ];
    const run = {
      spec: {
        metrics: [{ name: 'smoke', provider: jobProvider(...containers) }],
      },
    } as unknown as AnalysisRun;
    const [smoke] = jobMetricsOf(run);
    expect(smoke.containers).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${i}`),
    );
  });
});
