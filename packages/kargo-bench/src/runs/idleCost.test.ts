import { emptyCounts } from '../sandbox/counter';
import { gitQuiet } from './idleCost';

/** A sandbox whose Git count follows `git` (one value per poll, the last one repeated). */
function sandboxCounting(git: number[]) {
  let polls = 0;
  return {
    counts: async () => ({ ...emptyCounts(), github: git[Math.min(polls++, git.length - 1)], gitlab: 1 }),
  };
}

describe('gitQuiet', () => {
  it('waits until the Git count stops moving', async () => {
    const sandbox = sandboxCounting([0, 10, 40, 90, 100]);
    const quiet = await gitQuiet(sandbox, { quietMs: 30, pollMs: 5, maxMs: 10_000 });
    expect(quiet.settled).toBe(true);
    expect(quiet.gitRequests).toBe(101);
  });

  it('gives up after maxMs when Git never settles', async () => {
    let n = 0;
    const sandbox = { counts: async () => ({ ...emptyCounts(), github: n++ }) };
    const quiet = await gitQuiet(sandbox, { quietMs: 1000, pollMs: 5, maxMs: 50 });
    expect(quiet.settled).toBe(false);
    expect(quiet.gitRequests).toBeGreaterThan(0);
  });
});
