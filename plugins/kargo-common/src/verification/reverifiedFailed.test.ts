import fc from 'fast-check';
import type { VerificationEntry, VerificationPhase } from '../types';
import {
  describeReverificationWarning,
  reverificationWarnings,
} from './reverifiedFailed';

const entry = (
  freight: string,
  phase: VerificationPhase,
  startTime: string,
  failedMetric?: string,
): VerificationEntry => ({
  id: `${freight}-${startTime}`,
  analysisRun: null,
  freightCollectionId: null,
  freight: { name: freight, alias: null },
  phase,
  recordedPhase: null,
  stale: false,
  startTime,
  finishTime: startTime.replace(':00Z', ':05Z'),
  message: null,
  actor: null,
  metrics: failedMetric
    ? [
        {
          name: failedMetric,
          phase: 'Failed',
          message: null,
          failedMeasurements: [],
        } as any,
      ]
    : [],
  current: false,
});

describe('reverificationWarnings (akuity/kargo#5144)', () => {
  it('warns when the Freight was verified upstream and then re-verified there with a failure', () => {
    const uat = [
      entry('f1', 'Successful', '2026-12-01T09:00:00Z'),
      entry('f1', 'Failed', '2026-12-02T09:00:00Z', 'error-rate'),
      entry('f2', 'Successful', '2026-12-03T09:00:00Z'),
    ];
    const warnings = reverificationWarnings('f1', [
      { stage: 'uat', verifications: uat },
    ]);
    expect(warnings).toEqual([
      {
        stage: 'uat',
        verifiedAt: '2026-12-01T09:00:05Z',
        reverifiedAt: '2026-12-02T09:00:05Z',
        phase: 'Failed',
        metric: 'error-rate',
      },
    ]);
    expect(describeReverificationWarning(warnings[0])).toBe(
      'verified in uat on 2026-12-01T09:00:05Z, but re-verified there on 2026-12-02T09:00:05Z: Failed (metric error-rate)',
    );
    // Another Freight of the same Stage is not concerned.
    expect(
      reverificationWarnings('f2', [{ stage: 'uat', verifications: uat }]),
    ).toEqual([]);
  });

  it.each([
    ['never verified (only failures)', [['Failed', '01']]],
    [
      'a newer success clears it',
      [
        ['Successful', '01'],
        ['Failed', '02'],
        ['Successful', '03'],
      ],
    ],
    [
      'a re-verification still running',
      [
        ['Successful', '01'],
        ['Running', '02'],
      ],
    ],
    [
      'failed before it succeeded',
      [
        ['Failed', '01'],
        ['Successful', '02'],
      ],
    ],
  ])('does not warn: %s', (_, history) => {
    const verifications = (history as string[][]).map(([phase, day]) =>
      entry('f1', phase as VerificationPhase, `2026-12-${day}T09:00:00Z`),
    );
    expect(
      reverificationWarnings('f1', [{ stage: 'uat', verifications }]),
    ).toEqual([]);
  });

  it('for any history, warns exactly when the newest verification failed after a success, whatever the order given', () => {
    const phase = fc.constantFrom('Successful', 'Failed', 'Error', 'Running');
    fc.assert(
      fc.property(
        fc.array(phase, { minLength: 0, maxLength: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (phases, seed) => {
          const ordered = phases.map((p, i) =>
            entry(
              'f1',
              p,
              `2026-12-${String(i + 1).padStart(2, '0')}T09:00:00Z`,
            ),
          );
          // The input order does not matter: start times decide.
          const shuffled = [...ordered].sort(
            (a, b) =>
              ((a.id!.length * seed) % 7) - ((b.id!.length * seed) % 7) ||
              a.id!.localeCompare(b.id!) * (seed % 2 ? 1 : -1),
          );
          const warned =
            reverificationWarnings('f1', [
              { stage: 'uat', verifications: shuffled },
            ]).length > 0;
          const firstSuccess = phases.indexOf('Successful');
          const last = phases[phases.length - 1];
          const expected =
            firstSuccess >= 0 &&
            (last === 'Failed' || last === 'Error') &&
            phases.length - 1 > firstSuccess;
          expect(warned).toBe(expected);
        },
      ),
    );
  });
});
