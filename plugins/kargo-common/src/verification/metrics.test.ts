import { qaRun } from '../__testUtils__/payments';
import { Interner } from '../util/interner';
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

  describe('what runs repeat is held once', () => {
    // The instance's table (see InstanceModel): a new one per test.
    let interner: Interner;
    beforeEach(() => {
      interner = new Interner();
    });
    const passed = (name: string) => ({
      metadata: { name },
      status: {
        metricResults: [
          {
            name: 'http-success-rate',
            phase: 'Successful',
            measurements: [{ phase: 'Successful', value: '1' }],
          },
          { name: 'smoke-test', phase: 'Successful' },
        ],
      },
    });

    it('gives runs with the same plain metrics one frozen list', () => {
      const a = metricsOfAnalysisRun(passed('run-a'), interner);
      const b = metricsOfAnalysisRun(passed('run-b'), interner);
      expect(a).toEqual([
        {
          name: 'http-success-rate',
          phase: 'Successful',
          message: null,
          failedMeasurements: [],
        },
        {
          name: 'smoke-test',
          phase: 'Successful',
          message: null,
          failedMeasurements: [],
        },
      ]);
      expect(b).toBe(a);
      expect(Object.isFrozen(a)).toBe(true);
      expect(Object.isFrozen(a[0])).toBe(true);
      expect(Object.isFrozen(a[0].failedMeasurements)).toBe(true);
    });

    it('shares the plain metrics of a list that also has a failing one, not the list', () => {
      const failing = {
        status: {
          metricResults: [
            { name: 'smoke-test', phase: 'Successful' },
            {
              name: 'error-rate',
              phase: 'Failed',
              measurements: [{ phase: 'Failed', value: '9' }],
            },
          ],
        },
      };
      const first = metricsOfAnalysisRun(failing, interner);
      const second = metricsOfAnalysisRun(failing, interner);
      expect(second).not.toBe(first);
      expect(second[0]).toBe(
        metricsOfAnalysisRun(passed('run-c'), interner)[1],
      );
      expect(second[1]).not.toBe(first[1]);
      expect(second[1].failedMeasurements.map(m => m.value)).toEqual(['9']);
    });

    it('shares per interner (per instance), never through the module', () => {
      const a = metricsOfAnalysisRun(passed('run-a'), interner);
      expect(metricsOfAnalysisRun(passed('run-b'), interner)).toBe(a);
      const elsewhere = metricsOfAnalysisRun(passed('run-b'), new Interner());
      expect(elsewhere).toEqual(a);
      expect(elsewhere).not.toBe(a);
      // Without an interner: the same metrics, shared by nothing.
      const alone = metricsOfAnalysisRun(passed('run-b'));
      expect(alone).toEqual(a);
      expect(alone).not.toBe(metricsOfAnalysisRun(passed('run-b')));
    });

    it('stays right past the bound of what it holds once', () => {
      const many = Array.from({ length: 10_050 }, (_, i) => ({
        status: { metricResults: [{ name: `m-${i}`, phase: 'Successful' }] },
      }));
      const lists = many.map(run => metricsOfAnalysisRun(run, interner));
      expect(lists.map(([m]) => m.name)).toEqual(many.map((_, i) => `m-${i}`));
      expect(metricsOfAnalysisRun(many[10_049], interner)).toBe(lists[10_049]);
      expect(metricsOfAnalysisRun(passed('run-e'), interner)).toEqual([
        expect.objectContaining({ name: 'http-success-rate' }),
        expect.objectContaining({ name: 'smoke-test' }),
      ]);
    });

    it('never shares a metric with a message or another phase', () => {
      const [withMessage] = metricsOfAnalysisRun({
        status: {
          metricResults: [
            { name: 'smoke-test', phase: 'Successful', message: 'slow' },
          ],
        },
      });
      const [running] = metricsOfAnalysisRun({
        status: { metricResults: [{ name: 'smoke-test', phase: 'Running' }] },
      });
      expect(withMessage).toEqual({
        name: 'smoke-test',
        phase: 'Successful',
        message: 'slow',
        failedMeasurements: [],
      });
      expect(running.phase).toBe('Running');
      expect(running).not.toBe(metricsOfAnalysisRun(passed('run-d'))[1]);
    });
  });
});
