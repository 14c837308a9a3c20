import { isTerminalPhase, TERMINAL_PHASES } from './terminalPhases';

describe('isTerminalPhase', () => {
  it.each([...TERMINAL_PHASES])('%s is terminal', phase =>
    expect(isTerminalPhase(phase)).toBe(true),
  );
  it.each(['Pending', 'Running', '', 'Weird', undefined, null])(
    '%p is not',
    phase => expect(isTerminalPhase(phase)).toBe(false),
  );
});
