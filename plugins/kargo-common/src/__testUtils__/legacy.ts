/**
 * Stages and runs as Kargo v0.7 and v0.8 wrote them (`status.currentFreight`,
 * `status.history`, `status.phase`), still found on long-lived clusters.
 */
import type { AnalysisRun, Stage } from '../types';
import { at, freightName, collectionId, ulid } from './builders';

const project = 'legacy';
export const v07Freight = [freightName('v0.7-a'), freightName('v0.7-b')];
const [fa, fb] = v07Freight;

function v07Run(
  n: number,
  f: string,
  phase: string,
  labels: Record<string, string>,
): AnalysisRun {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisRun',
    metadata: {
      // v0.7: `<stage>.<ulid>.<first 7 chars of the Freight name>`.
      name: `web.${ulid(n)}.${f.slice(0, 7)}`,
      namespace: project,
      creationTimestamp: at(n),
      labels,
    },
    status: {
      phase,
      startedAt: at(n),
      ...(phase !== 'Running' ? { completedAt: at(n + 3) } : {}),
    },
  };
}

export const v07Runs = [
  v07Run(1, fa, 'Failed', {
    'kargo.akuity.io/stage': 'web',
    'kargo.akuity.io/freight': fa,
  }),
  // Lost its stage label; only the status ties it to `web`.
  v07Run(5, fb, 'Successful', { 'kargo.akuity.io/freight': fb }),
  // Same shape, but nothing in web's status names it.
  v07Run(7, fb, 'Failed', { 'kargo.akuity.io/freight': fb }),
];

/** Kargo v0.7: no freightHistory, no conditions, `status.phase`. */
export const v07Stage: Stage = {
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Stage',
  metadata: { name: 'web', namespace: project },
  spec: { verification: { analysisTemplates: [{ name: 'smoke' }] } },
  status: {
    phase: 'Steady',
    currentFreight: {
      name: fb,
      verificationInfo: {
        id: 'b1a2c3d4-0000-4000-8000-000000000002',
        startTime: at(5),
        phase: 'Running',
        analysisRun: { name: v07Runs[1].metadata!.name, namespace: project },
      },
    },
    history: [
      {
        name: fb,
        verificationHistory: [
          {
            id: 'b1a2c3d4-0000-4000-8000-000000000002',
            startTime: at(5),
            phase: 'Running',
            analysisRun: {
              name: v07Runs[1].metadata!.name,
              namespace: project,
            },
          },
        ],
      },
      {
        name: fa,
        verificationInfo: {
          id: 'b1a2c3d4-0000-4000-8000-000000000001',
          startTime: at(1),
          phase: 'Running',
          analysisRun: { name: v07Runs[0].metadata!.name, namespace: project },
        },
      },
    ],
  },
};

const fc = collectionId(fb);
/** Kargo v0.8 run name: `<stage>.<ulid>.<first 7 chars of the collection id>`. */
export const v08Run: AnalysisRun = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'AnalysisRun',
  metadata: {
    name: `api.${ulid(9)}.${fc.slice(0, 7)}`,
    namespace: project,
    creationTimestamp: at(9),
    labels: {
      'kargo.akuity.io/stage': 'api',
      'kargo.akuity.io/freight-collection': fc,
    },
  },
  status: { phase: 'Successful', startedAt: at(9), completedAt: at(12) },
};

/** Kargo v0.8: freightHistory added, currentFreight/history kept. */
export const v08Stage: Stage = {
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Stage',
  metadata: { name: 'api', namespace: project },
  spec: { verification: { analysisTemplates: [{ name: 'smoke' }] } },
  status: {
    phase: 'Verifying',
    freightHistory: [
      {
        id: fc,
        items: {
          'Warehouse/legacy': {
            name: fb,
            origin: { kind: 'Warehouse', name: 'legacy' },
          },
        },
        verificationHistory: [
          {
            id: 'c0ffee00-0000-4000-8000-000000000009',
            startTime: at(9),
            phase: 'Running',
            analysisRun: { name: v08Run.metadata!.name, namespace: project },
          },
        ],
      },
    ],
    currentFreight: {
      name: fb,
      verificationInfo: {
        id: 'c0ffee00-0000-4000-8000-000000000009',
        startTime: at(9),
        phase: 'Running',
        analysisRun: { name: v08Run.metadata!.name, namespace: project },
      },
    },
    history: [{ name: fb }],
  },
};
