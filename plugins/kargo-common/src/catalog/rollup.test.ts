import { worstVerificationPhase } from './rollup';

describe('worstVerificationPhase', () => {
  it('tolerates a missing list', () => {
    expect(worstVerificationPhase(undefined as unknown as string[])).toBe(
      'None',
    );
  });

  it.each<[string[], string]>([
    [[], 'None'],
    [['None', 'None'], 'None'],
    [['Successful', 'None'], 'Successful'],
    [['Successful', 'Inconclusive'], 'Inconclusive'],
    [['Inconclusive', 'Pending', 'Successful'], 'Pending'],
    [['Pending', 'Running'], 'Running'],
    [['Running', 'Error'], 'Error'],
    [['Error', 'Failed', 'Running'], 'Failed'],
    [['Successful', 'Weird'], 'Weird'],
    [['Weird', 'Aborted'], 'Aborted'],
    [['Successful', ''], 'Successful'],
  ])('%p -> %s', (phases, expected) => {
    expect(worstVerificationPhase(phases)).toBe(expected);
  });
});
