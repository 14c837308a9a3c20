import { createLimiter, mapLimit } from './concurrency';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>(resolve => {
    open = resolve;
  });
  return { open, opened };
}

describe('createLimiter', () => {
  it('starts a task only when fewer than the limit are running', async () => {
    const run = createLimiter(2);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, i) =>
      run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[0].open();
    await done[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[1].open();
    gates[2].open();
    await expect(Promise.all(done)).resolves.toEqual([0, 1, 2]);
  });

  it('frees the slot of a failed task', async () => {
    const run = createLimiter(1);
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    await expect(run(async () => 'next')).resolves.toBe('next');
  });
});

describe('mapLimit', () => {
  it('keeps the items order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 3, 2, 4], 2, async n => {
      running += 1;
      most = Math.max(most, running);
      await new Promise(resolve => setTimeout(resolve, 0));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 30, 20, 40]);
    expect(most).toBe(2);
  });
});
