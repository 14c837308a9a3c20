import {
  ACTIVE_PHASES,
  isActivePhase,
  isTerminalPhase,
  TERMINAL_PHASES,
} from './phaseSets';

describe('isTerminalPhase', () => {
  it.each([...TERMINAL_PHASES])('%s is terminal', phase =>
    expect(isTerminalPhase(phase)).toBe(true),
  );
  it.each(['Pending', 'Running', '', 'Weird', undefined, null])(
    '%p is not',
    phase => expect(isTerminalPhase(phase)).toBe(false),
  );
});

describe('isActivePhase', () => {
  it.each(['Pending', 'Running'])('%s is active', phase =>
    expect(isActivePhase(phase)).toBe(true),
  );
  it.each([...TERMINAL_PHASES, '', 'Weird', undefined, null])(
    '%p is not',
    phase => expect(isActivePhase(phase)).toBe(false),
  );
  it('no phase is both active and terminal', () => {
    for (const phase of ACTIVE_PHASES)
      expect(isTerminalPhase(phase)).toBe(false);
  });
});
