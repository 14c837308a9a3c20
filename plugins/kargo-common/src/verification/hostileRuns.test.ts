import { analysisRun, freight, stage } from '../__testUtils__/builders';
import { stageHolding } from '../__testUtils__/projectBuild';
import type { AnalysisRun } from '../types';
import { Interner } from '../util/interner';
import { deriveVerificationHistory } from './deriveHistory';
import { metricsOfAnalysisRun } from './metrics';

// Issue 35, attack 7: the AnalysisTemplates a project member writes, which
// Kargo copies into every run of the Stage (akuity/kargo v1.11.2
// pkg/rollouts/analysis_run_builder.go), and the verification history the
// portal serves of them.

const s = stage({ project: 'p', name: 'prod', warehouse: 'w' });
const f = freight('p', 'w', 'a1', 'alias');

/** `count` runs of the Stage, oldest first, each declaring `metrics` (no results yet). */
function runsDeclaring(
  count: number,
  metrics: { name: string }[],
  collectionOf: (n: number) => string = n => `c${n}`,
) {
  // The watch holds the equal specs once (ObjectCompactor): so does this.
  const spec = { metrics } as AnalysisRun['spec'];
  return Array.from({ length: count }, (_, n) => ({
    ...analysisRun({
      project: 'p',
      stage: 'prod',
      n,
      collection: collectionOf(n),
      freightNames: [f.metadata!.name!],
      phase: 'Error',
      startedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      metricResults: [],
    }),
    spec,
  }));
}

describe('verification history of hostile runs (issue 35, attack 7)', () => {
  it('serves a bounded history however many runs copy a template of thousands of long metric names', () => {
    // 3,000 names of 250 characters: a 0.8 MB run, reverified 300 times.
    const metrics = Array.from({ length: 3_000 }, (_, m) => ({
      name: `${'m'.repeat(250)}${m}`.slice(-250),
    }));
    const history = deriveVerificationHistory({
      stage: s,
      analysisRuns: runsDeclaring(300, metrics),
      freight: [f],
      interner: new Interner(),
    });
    expect(history).toHaveLength(300);
    // Before: every entry listed the 3,000 metrics, a 286 MB Stage detail.
    expect(JSON.stringify(history).length).toBeLessThan(10_000_000);
    // The newest run lists 50 of the metrics it declares (issue 35, attack
    // 9; its AnalysisRun shows them all), each name cut at 200 characters;
    // an old one past the history's budget lists none.
    expect(history[0].metrics).toHaveLength(50);
    expect(history[0].metrics[0].name).toHaveLength(200);
    expect(history[0].metrics[0].phase).toBe('Pending');
    expect(history[299].metrics).toEqual([]);
  });

  it('cuts a metric message and failed measurement text of a megabyte to 2,000 characters', () => {
    const huge = 'x'.repeat(1_000_000);
    const [run] = runsDeclaring(1, []);
    run.status!.metricResults = [
      {
        name: 'error-rate',
        phase: 'Failed',
        message: huge,
        measurements: [{ phase: 'Failed', message: huge, value: huge }],
      },
    ];
    const [metric] = metricsOfAnalysisRun(run);
    expect(metric.message).toHaveLength(2_000);
    expect(metric.failedMeasurements[0].message).toHaveLength(2_000);
    expect(metric.failedMeasurements[0].value).toHaveLength(2_000);
    expect(metric.failedMeasurements[0].value!.endsWith('…')).toBe(true);
  });

  it('keeps every metric of a real history of thousands of runs', () => {
    const history = deriveVerificationHistory({
      stage: s,
      analysisRuns: runsDeclaring(5_000, [
        { name: 'error-rate' },
        { name: 'latency-p99' },
      ]),
      freight: [f],
    });
    expect(history.every(e => e.metrics.length === 2)).toBe(true);
  });

  it('bounds the history of as many reverifications of the Freight the Stage holds now', () => {
    // Each reverification of the current Freight is a run of the current
    // collection: every entry is current.
    const holding = stageHolding('prod', f);
    const current = holding.status!.freightHistory![0].id!;
    const metrics = Array.from({ length: 3_000 }, (_, m) => ({
      name: `${'m'.repeat(250)}${m}`.slice(-250),
    }));
    const history = deriveVerificationHistory({
      stage: holding,
      analysisRuns: runsDeclaring(300, metrics, () => current),
      freight: [f],
    });
    expect(history.every(e => e.current)).toBe(true);
    expect(history[0].metrics).toHaveLength(50);
    expect(history[299].metrics).toEqual([]);
    expect(JSON.stringify(history).length).toBeLessThan(10_000_000);
  });
});
