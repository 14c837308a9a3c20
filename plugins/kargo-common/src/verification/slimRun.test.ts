import fc from 'fast-check';
import {
  checkoutFreight,
  devRun,
  prodStage,
  stagingRuns,
  stagingStage,
} from '../__testUtils__/checkout';
import { v07Runs, v07Stage, v08Run, v08Stage } from '../__testUtils__/legacy';
import {
  paymentsFreight,
  perfRuns,
  perfStage,
  qaRun,
  qaStage,
  testRun,
  testStage,
} from '../__testUtils__/payments';
import type { AnalysisRun, Stage } from '../types';
import { analysisRunsOfStage } from './analysisRuns';
import { deriveVerificationHistory } from './deriveHistory';
import { MAX_FAILED_MEASUREMENTS, metricsOfAnalysisRun } from './metrics';
import { slimAnalysisRun } from './slimRun';

const PHASES = [
  'Successful',
  'Failed',
  'Error',
  'Inconclusive',
  'Running',
  'Pending',
  '',
  'Weird',
];

const measurementArb = fc.oneof(
  fc.record({
    phase: fc.option(fc.constantFrom(...PHASES), { nil: undefined }),
    message: fc.option(fc.string(), { nil: undefined }),
    startedAt: fc.option(fc.constant('2026-11-30T10:00:00Z'), {
      nil: undefined,
    }),
    value: fc.option(fc.string(), { nil: undefined }),
  }),
  fc.constant(null),
  fc.constant('not a measurement'),
);

const resultArb = fc.oneof(
  fc.record({
    name: fc.option(fc.constantFrom('error-rate', 'latency', 'saturation'), {
      nil: undefined,
    }),
    phase: fc.option(fc.constantFrom(...PHASES), { nil: undefined }),
    message: fc.option(fc.string(), { nil: undefined }),
    measurements: fc.oneof(
      fc.array(measurementArb, { maxLength: 25 }),
      fc.constant(undefined),
      fc.constant('x'),
    ),
    count: fc.nat(),
    successful: fc.nat(),
  }),
  fc.constant(null),
);

const runArb = fc.record({
  metadata: fc.record({
    name: fc.constant('app.01.c1'),
    namespace: fc.constant('proj'),
    labels: fc.constant({ 'kargo.akuity.io/stage': 'app' }),
    managedFields: fc.constant([
      { manager: 'rollouts-controller', fieldsV1: { 'f:status': {} } },
    ]),
  }),
  spec: fc.oneof(
    fc.record({
      metrics: fc.array(
        fc.oneof(
          fc.record({
            name: fc.constantFrom('error-rate', 'latency', 'apdex'),
            provider: fc.constant({ prometheus: { query: 'up' } }),
          }),
          fc.constant(null),
        ),
        { maxLength: 4 },
      ),
      args: fc.constant([{ name: 'stage', value: 'app' }]),
    }),
    fc.constant(undefined),
    fc.constant({ metrics: 'not a list' }),
  ),
  status: fc.oneof(
    fc.record({
      phase: fc.constantFrom(...PHASES),
      message: fc.option(fc.string(), { nil: undefined }),
      metricResults: fc.oneof(
        fc.array(resultArb, { maxLength: 4 }),
        fc.constant(undefined),
        fc.constant(7),
      ),
      runSummary: fc.constant({ count: 3 }),
    }),
    fc.constant(undefined),
  ),
}) as fc.Arbitrary<AnalysisRun>;

describe('slimAnalysisRun', () => {
  it('keeps what the history reads and drops providers, managed fields and passed measurements', () => {
    const metadata = {
      name: 'app.01.c1',
      namespace: 'proj',
      labels: { 'kargo.akuity.io/stage': 'app' },
      annotations: { 'kargo.akuity.io/create-actor': 'admin' },
      ownerReferences: [{ kind: 'Freight', name: 'f1' } as any],
    };
    const run: AnalysisRun = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisRun',
      metadata: {
        ...metadata,
        managedFields: [{ manager: 'rollouts-controller' }],
      } as any,
      spec: {
        metrics: [
          {
            name: 'error-rate',
            provider: { prometheus: { query: 'up' } },
          } as any,
        ],
      },
      status: {
        phase: 'Failed',
        message: 'Metric "error-rate" assessed Failed',
        startedAt: '2026-11-30T10:00:00Z',
        completedAt: '2026-11-30T10:03:00Z',
        runSummary: { count: 1 },
        metricResults: [
          {
            name: 'error-rate',
            phase: 'Failed',
            count: 3,
            measurements: [
              { phase: 'Successful', value: '[0.99]' },
              { phase: 'Failed', value: '[0.41]' },
            ],
          },
        ],
      },
    };
    expect(slimAnalysisRun(run)).toEqual({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisRun',
      metadata,
      spec: { metrics: [{ name: 'error-rate' }] },
      status: {
        phase: 'Failed',
        message: 'Metric "error-rate" assessed Failed',
        startedAt: '2026-11-30T10:00:00Z',
        completedAt: '2026-11-30T10:03:00Z',
        metricResults: [
          {
            name: 'error-rate',
            phase: 'Failed',
            message: undefined,
            measurements: [{ phase: 'Failed', value: '[0.41]' }],
          },
        ],
      },
    });
    // The input is left as it was.
    expect(run.metadata).toHaveProperty('managedFields');
  });

  it('keeps only the newest failed measurements the metrics show', () => {
    const measurements = Array.from(
      { length: MAX_FAILED_MEASUREMENTS + 5 },
      (_, i) => ({
        phase: 'Failed',
        value: String(i),
      }),
    );
    const slim = slimAnalysisRun({
      status: { metricResults: [{ name: 'm', measurements }] },
    });
    const kept = slim.status!.metricResults![0].measurements!;
    expect(kept).toHaveLength(MAX_FAILED_MEASUREMENTS);
    expect(kept[kept.length - 1].value).toBe(
      String(MAX_FAILED_MEASUREMENTS + 4),
    );
  });

  it('gives every metric the same answer as the whole run, whatever the run holds', () => {
    fc.assert(
      fc.property(runArb, run => {
        expect(metricsOfAnalysisRun(slimAnalysisRun(run))).toEqual(
          metricsOfAnalysisRun(run),
        );
      }),
      { numRuns: 400 },
    );
  });

  it.each<
    [
      string,
      Stage,
      AnalysisRun[],
      Parameters<typeof deriveVerificationHistory>[0]['freight'],
    ]
  >([
    [
      'checkout staging',
      stagingStage,
      [...stagingRuns, devRun],
      checkoutFreight,
    ],
    ['checkout prod', prodStage, [...stagingRuns, devRun], checkoutFreight],
    ['payments test', testStage, [testRun, qaRun], paymentsFreight],
    ['payments qa', qaStage, [testRun, qaRun], paymentsFreight],
    ['payments perf', perfStage, perfRuns, paymentsFreight],
    ['Kargo v0.7 layout', v07Stage, v07Runs, undefined],
    ['Kargo v0.8 layout', v08Stage, [v08Run], undefined],
  ])(
    'derives the same history and picks the same runs for %s',
    (_, stage, runs, freight) => {
      const slim = runs.map(slimAnalysisRun);
      expect(
        deriveVerificationHistory({ stage, analysisRuns: slim, freight }),
      ).toEqual(
        deriveVerificationHistory({ stage, analysisRuns: runs, freight }),
      );
      expect(
        analysisRunsOfStage(stage, slim).map(r => r.metadata?.name),
      ).toEqual(analysisRunsOfStage(stage, runs).map(r => r.metadata?.name));
    },
  );

  it('passes malformed runs through for the history to judge', () => {
    expect(slimAnalysisRun(null as unknown as AnalysisRun)).toBeNull();
    expect(
      slimAnalysisRun({ status: 'broken' } as unknown as AnalysisRun),
    ).toEqual({
      apiVersion: undefined,
      kind: undefined,
      metadata: undefined,
      status: 'broken',
    });
  });
});
