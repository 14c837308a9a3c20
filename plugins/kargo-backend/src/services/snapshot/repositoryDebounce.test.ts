import { RepositoryDebounce } from './repositoryDebounce';

describe('RepositoryDebounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const runs: string[] = [];
    const debounce = new RepositoryDebounce(
      async repo => {
        runs.push(repo);
      },
      5_000,
      () => {},
    );
    return { runs, debounce };
  };

  it('runs at once for a first event, then once more at the end of the window however many followed', async () => {
    const { runs, debounce } = setup();
    for (let i = 0; i < 25; i++) {
      debounce.push(
        'github.com/acme/checkout-deploy',
        'https://github.com/acme/checkout-deploy',
      );
      await jest.advanceTimersByTimeAsync(100);
    }
    expect(runs).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(2);
    // Nothing came during that second window: no third run.
    await jest.advanceTimersByTimeAsync(20_000);
    expect(runs).toHaveLength(2);
  });

  it('never drops the last event: a run starts after it', async () => {
    const { runs, debounce } = setup();
    debounce.push('r', 'https://github.com/acme/r');
    await jest.advanceTimersByTimeAsync(4_999);
    debounce.push('r', 'https://github.com/acme/r');
    expect(runs).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
  });

  it('keeps one window per repository: another repository runs at once', async () => {
    const { runs, debounce } = setup();
    debounce.push('a', 'https://github.com/acme/a');
    debounce.push('b', 'https://github.com/acme/b');
    debounce.push('a', 'https://github.com/acme/a');
    expect(runs).toEqual([
      'https://github.com/acme/a',
      'https://github.com/acme/b',
    ]);
  });

  it('after a quiet window, the next event runs at once again', async () => {
    const { runs, debounce } = setup();
    debounce.push('a', 'https://github.com/acme/a');
    await jest.advanceTimersByTimeAsync(6_000);
    debounce.push('a', 'https://github.com/acme/a');
    expect(runs).toHaveLength(2);
  });

  it('a follow-up never joins the run before it: a slow run holds the window open until it ends', async () => {
    const started: string[] = [];
    const finish: Array<() => void> = [];
    const debounce = new RepositoryDebounce(
      repo => {
        started.push(repo);
        return new Promise<void>(resolve => finish.push(resolve));
      },
      5_000,
      () => {},
    );
    debounce.push('a', 'https://gitlab.example.com/a');
    debounce.push('a', 'https://gitlab.example.com/a');
    await jest.advanceTimersByTimeAsync(20_000);
    expect(started).toHaveLength(1);
    finish[0]();
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(2);
  });

  it('runs nothing more once stopped', async () => {
    const { runs, debounce } = setup();
    debounce.push('a', 'https://github.com/acme/a');
    debounce.push('a', 'https://github.com/acme/a');
    debounce.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(1);
  });

  it('reports a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    const debounce = new RepositoryDebounce(
      async () => {
        throw new Error('rate limited');
      },
      5_000,
      e => errors.push(e),
    );
    debounce.push('a', 'https://github.com/acme/a');
    await Promise.resolve();
    expect(errors).toHaveLength(1);
  });
});
