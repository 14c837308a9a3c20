import type { AnalysisRunResponse } from '@kargo-backstage/plugin-kargo-common';

/** The Failed run of payments/qa, with failed measurements carrying messages. */
export const failedRun: AnalysisRunResponse = {
  instance: 'production',
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  phase: 'Failed',
  message:
    'Metric "error-rate" assessed Failed due to failed (2) > failureLimit (1)',
  startedAt: '2026-11-30T10:40:00Z',
  completedAt: '2026-11-30T10:42:00Z',
  metrics: [
    {
      name: 'error-rate',
      phase: 'Failed',
      message: null,
      failedMeasurements: [
        {
          phase: 'Failed',
          message: 'error rate 7.5% above 5%',
          startedAt: '2026-11-30T10:41:00Z',
          finishedAt: '2026-11-30T10:41:01Z',
          value: '0.075',
        },
      ],
    },
    {
      name: 'latency-p99',
      phase: 'Successful',
      message: null,
      failedMeasurements: [],
    },
  ],
  raw: {} as AnalysisRunResponse['raw'],
};
