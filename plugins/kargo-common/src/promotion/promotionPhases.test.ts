import { isTerminalPromotionPhase } from './promotionPhases';

describe('isTerminalPromotionPhase', () => {
  it.each([
    ['Succeeded', true],
    ['Failed', true],
    ['Errored', true],
    ['Aborted', true],
    ['Running', false],
    ['Pending', false],
    [undefined, false],
  ])('%s -> %s', (phase, terminal) => {
    expect(isTerminalPromotionPhase(phase)).toBe(terminal);
  });
});
