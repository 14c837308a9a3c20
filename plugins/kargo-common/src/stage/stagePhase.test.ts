import type { Condition, Stage } from '../types';
import { deriveStagePhase } from './stagePhase';

const withConditions = (...conditions: Condition[]): Stage => ({
  status: { conditions },
});
const c = (type: string, status: string, reason?: string): Condition => ({
  type,
  status,
  reason,
});

describe('deriveStagePhase', () => {
  it.each<[string, Stage, string]>([
    [
      'Promoting=True wins over everything',
      withConditions(
        c('Ready', 'False'),
        c('Verified', 'Unknown', 'VerificationRunning'),
        c('Promoting', 'True'),
      ),
      'Promoting',
    ],
    [
      'Verified=Unknown while verifying',
      withConditions(
        c('Ready', 'True'),
        c('Verified', 'Unknown', 'VerificationRunning'),
      ),
      'Verifying',
    ],
    [
      'Verified=Unknown for NoFreight is not verifying',
      withConditions(c('Ready', 'True'), c('Verified', 'Unknown', 'NoFreight')),
      'Ready',
    ],
    [
      'Reconciling=True',
      withConditions(c('Ready', 'False'), c('Reconciling', 'True')),
      'Reconciling',
    ],
    [
      'Ready=False',
      withConditions(
        c('Ready', 'False', 'VerificationFailed'),
        c('Verified', 'False'),
      ),
      'Failed',
    ],
    [
      'Ready=True',
      withConditions(c('Ready', 'True'), c('Promoting', 'False')),
      'Ready',
    ],
    ['Ready=Unknown', withConditions(c('Ready', 'Unknown')), 'Unknown'],
    [
      'conditions without Ready',
      withConditions(c('Healthy', 'True')),
      'Unknown',
    ],
    [
      'junk conditions',
      { status: { conditions: [null as any, c('Ready', 'True')] } },
      'Ready',
    ],
    ['v1.4 Steady', { status: { phase: 'Steady' } }, 'Ready'],
    ['v1.4 NotApplicable', { status: { phase: 'NotApplicable' } }, 'Ready'],
    ['v1.4 Promoting', { status: { phase: 'Promoting' } }, 'Promoting'],
    ['v1.4 Verifying', { status: { phase: 'Verifying' } }, 'Verifying'],
    ['v1.4 Failed', { status: { phase: 'Failed' } }, 'Failed'],
    ['an unknown status.phase', { status: { phase: 'Exploding' } }, 'Unknown'],
    ['no status', {}, 'Unknown'],
  ])('%s', (_, stage, expected) => {
    expect(deriveStagePhase(stage)).toBe(expected);
  });

  it('prefers conditions to a leftover status.phase', () => {
    expect(
      deriveStagePhase({
        status: { phase: 'Failed', conditions: [c('Ready', 'True')] },
      }),
    ).toBe('Ready');
  });
});
