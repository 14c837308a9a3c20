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

  it('runs at once for a first event, then once more at the end of the window however many followed', () => {
    const { runs, debounce } = setup();
    for (let i = 0; i < 25; i++) {
      debounce.push(
        'github.com/acme/checkout-deploy',
        'https://github.com/acme/checkout-deploy',
      );
      jest.advanceTimersByTime(100);
    }
    expect(runs).toHaveLength(1);
    jest.advanceTimersByTime(5_000);
    expect(runs).toHaveLength(2);
    // Nothing came during that second window: no third run.
    jest.advanceTimersByTime(20_000);
    expect(runs).toHaveLength(2);
  });

  it('never drops the last event: a run starts after it', () => {
    const { runs, debounce } = setup();
    debounce.push('r', 'https://github.com/acme/r');
    jest.advanceTimersByTime(4_999);
    debounce.push('r', 'https://github.com/acme/r');
    expect(runs).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(runs).toHaveLength(2);
  });

  it('keeps one window per repository: another repository runs at once', () => {
    const { runs, debounce } = setup();
    debounce.push('a', 'https://github.com/acme/a');
    debounce.push('b', 'https://github.com/acme/b');
    debounce.push('a', 'https://github.com/acme/a');
    expect(runs).toEqual([
      'https://github.com/acme/a',
      'https://github.com/acme/b',
    ]);
  });

  it('after a quiet window, the next event runs at once again', () => {
    const { runs, debounce } = setup();
    debounce.push('a', 'https://github.com/acme/a');
    jest.advanceTimersByTime(6_000);
    debounce.push('a', 'https://github.com/acme/a');
    expect(runs).toHaveLength(2);
  });

  it('runs nothing more once stopped', () => {
    const { runs, debounce } = setup();
    debounce.push('a', 'https://github.com/acme/a');
    debounce.push('a', 'https://github.com/acme/a');
    debounce.stop();
    jest.advanceTimersByTime(10_000);
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
