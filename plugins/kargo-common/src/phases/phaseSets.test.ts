import {
  isActivePhase,
  isFailedMeasurementPhase,
  isFailedPromotionPhase,
  isFailedVerificationPhase,
  isTerminalPhase,
  isTerminalPromotionPhase,
  isUnsuccessfulPromotionPhase,
  isUnsuccessfulStepStatus,
  promotionPhaseOf,
  stepStatusOf,
  TERMINAL_PHASES,
  VERIFICATION_PHASES,
  verificationPhaseOf,
  verificationSeverity,
} from './phaseSets';

const NOT_A_PHASE = ['', 'Weird', 'failed', 'toString', undefined, null];

describe('verification phases', () => {
  it('lists every phase once, worst first', () => {
    expect(VERIFICATION_PHASES).toEqual([
      'Failed',
      'Error',
      'Running',
      'Pending',
      'Inconclusive',
      'Aborted',
      'Successful',
    ]);
  });

  it.each([...TERMINAL_PHASES])('%s is terminal, not active', phase => {
    expect(isTerminalPhase(phase)).toBe(true);
    expect(isActivePhase(phase)).toBe(false);
  });

  it.each(['Pending', 'Running'])('%s is active, not terminal', phase => {
    expect(isActivePhase(phase)).toBe(true);
    expect(isTerminalPhase(phase)).toBe(false);
  });

  it('every phase is either active or terminal', () => {
    for (const phase of VERIFICATION_PHASES) {
      expect(isActivePhase(phase)).not.toBe(isTerminalPhase(phase));
    }
  });

  it.each(NOT_A_PHASE)('%p is neither, nor failed, nor ranked', phase => {
    expect(isTerminalPhase(phase)).toBe(false);
    expect(isActivePhase(phase)).toBe(false);
    expect(isFailedVerificationPhase(phase)).toBe(false);
    expect(isFailedMeasurementPhase(phase)).toBe(false);
    expect(verificationSeverity(phase)).toBeUndefined();
  });

  it('a verification failed when Failed or Error; a measurement shows also when Inconclusive', () => {
    expect(VERIFICATION_PHASES.filter(isFailedVerificationPhase)).toEqual([
      'Failed',
      'Error',
    ]);
    expect(VERIFICATION_PHASES.filter(isFailedMeasurementPhase)).toEqual([
      'Failed',
      'Error',
      'Inconclusive',
    ]);
  });

  it('ranks Failed worst and Successful best; Inconclusive and Aborted alike', () => {
    expect(verificationSeverity('Failed')).toBeGreaterThan(
      verificationSeverity('Error')!,
    );
    expect(verificationSeverity('Inconclusive')).toBe(
      verificationSeverity('Aborted'),
    );
    expect(
      Math.min(...(VERIFICATION_PHASES.map(verificationSeverity) as number[])),
    ).toBe(verificationSeverity('Successful'));
  });

  it('an empty written phase is Pending; a newer one is passed on', () => {
    expect(verificationPhaseOf('')).toBe('Pending');
    expect(verificationPhaseOf(undefined)).toBe('Pending');
    expect(verificationPhaseOf('Successful')).toBe('Successful');
    expect(verificationPhaseOf('Paused')).toBe('Paused');
  });
});

describe('Promotion phases', () => {
  it.each([
    ['Succeeded', true, false, false],
    ['Failed', true, true, true],
    ['Errored', true, true, true],
    ['Aborted', true, false, true],
    ['Running', false, false, false],
    ['Pending', false, false, false],
    ['', false, false, false],
    [undefined, false, false, false],
    ['Successful', false, false, false],
  ])(
    '%p: terminal %s, retryable %s, unsuccessful %s',
    (phase, terminal, failed, unsuccessful) => {
      expect(isTerminalPromotionPhase(phase)).toBe(terminal);
      expect(isFailedPromotionPhase(phase)).toBe(failed);
      expect(isUnsuccessfulPromotionPhase(phase)).toBe(unsuccessful);
    },
  );

  it('a Promotion nobody picked up yet is Pending', () => {
    expect(promotionPhaseOf(undefined)).toBe('Pending');
    expect(promotionPhaseOf('Running')).toBe('Running');
  });
});

describe('Promotion step statuses', () => {
  it.each([
    ['Failed', true],
    ['Errored', true],
    ['Aborted', true],
    ['Succeeded', false],
    ['Skipped', false],
    ['Running', false],
    [null, false],
    ['Error', false],
  ])('%p ends its Promotion unsuccessfully: %s', (status, unsuccessful) => {
    expect(isUnsuccessfulStepStatus(status)).toBe(unsuccessful);
  });

  it('a step that has not run has no status', () => {
    expect(stepStatusOf(undefined)).toBeNull();
    expect(stepStatusOf('')).toBeNull();
    expect(stepStatusOf('Skipped')).toBe('Skipped');
  });
});
