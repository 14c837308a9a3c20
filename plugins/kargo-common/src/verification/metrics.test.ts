import { qaRun } from '../__testUtils__/payments';
import { metricsOfAnalysisRun, MAX_FAILED_MEASUREMENTS } from './metrics';

describe('metricsOfAnalysisRun', () => {
  it('lists each metric with its failed measurements (payments/qa)', () => {
    expect(metricsOfAnalysisRun(qaRun)).toEqual([
      {
        name: 'error-rate',
        phase: 'Failed',
        message: 'failed (3) > failureLimit (2)',
        failedMeasurements: [
          {
            phase: 'Failed',
            message: 'error rate 9% > 5%',
            startedAt: '2026-11-30T10:51:00Z',
            finishedAt: '2026-11-30T10:51:00Z',
            value: '[0.09]',
          },
          {
            phase: 'Failed',
            message: 'error rate 12% > 5%',
            startedAt: '2026-11-30T10:52:00Z',
            finishedAt: '2026-11-30T10:52:00Z',
            value: '[0.12]',
          },
          {
            phase: 'Failed',
            message: 'error rate 15% > 5%',
            startedAt: '2026-11-30T10:53:00Z',
            finishedAt: '2026-11-30T10:53:00Z',
            value: '[0.15]',
          },
        ],
      },
      {
        name: 'latency',
        phase: 'Successful',
        message: null,
        failedMeasurements: [],
      },
    ]);
  });

  it('keeps the newest failed, errored and inconclusive measurements only', () => {
    const measurements = Array.from({ length: 15 }, (_, i) => ({
      phase: ['Failed', 'Error', 'Inconclusive', 'Successful'][i % 4],
      value: String(i),
    }));
    const [metric] = metricsOfAnalysisRun({
      status: { metricResults: [{ name: 'm', phase: 'Failed', measurements }] },
    });
    expect(metric.failedMeasurements).toHaveLength(MAX_FAILED_MEASUREMENTS);
    expect(metric.failedMeasurements.map(m => m.value)).toEqual([
      '2',
      '4',
      '5',
      '6',
      '8',
      '9',
      '10',
      '12',
      '13',
      '14',
    ]);
    expect(metric.failedMeasurements[0]).toEqual({
      phase: 'Inconclusive',
      message: null,
      startedAt: null,
      finishedAt: null,
      value: '2',
    });
  });

  it('lists declared metrics without results as Pending and names nameless results', () => {
    expect(
      metricsOfAnalysisRun({
        spec: { metrics: [{ name: 'a' }, { name: 'b' }, {}] },
        status: {
          metricResults: [
            { name: 'a', phase: 'Running' },
            { measurements: [null as any] },
            null as any,
          ],
        },
      }),
    ).toEqual([
      { name: 'a', phase: 'Running', message: null, failedMeasurements: [] },
      {
        name: 'metric-2',
        phase: 'Pending',
        message: null,
        failedMeasurements: [],
      },
      { name: 'b', phase: 'Pending', message: null, failedMeasurements: [] },
    ]);
  });

  it('is empty without a run', () => {
    expect(metricsOfAnalysisRun(undefined)).toEqual([]);
    expect(metricsOfAnalysisRun({ status: {} })).toEqual([]);
  });
});
