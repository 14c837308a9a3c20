import {
  runningTest,
  staleStaging,
  verification,
  entityResponse,
} from '../__fixtures__/stages';
import {
  createWatch,
  isSettled,
  needsPolling,
  WATCH_TIMEOUT_MS,
} from './polling';

const now = Date.parse('2026-11-30T11:00:00Z');

describe('polling', () => {
  it('polls while a current verification is running, not otherwise', () => {
    expect(needsPolling(entityResponse([staleStaging, runningTest]), [])).toBe(
      true,
    );
    // Stale Running entries of old collections do not keep the page busy.
    expect(needsPolling(entityResponse([staleStaging]), [])).toBe(false);
    expect(needsPolling(undefined, [])).toBe(false);
  });

  it('keeps waiting after a reverify until a newer run has ended', () => {
    const watch = createWatch(staleStaging, 'reverify', now);
    expect(needsPolling(entityResponse([staleStaging]), [watch])).toBe(true);
    expect(isSettled(watch, [staleStaging], now)).toBe(false);

    const running = verification({
      id: 'new-run',
      phase: 'Running',
      finishTime: null,
    });
    const started = {
      ...staleStaging,
      verifications: [running, ...staleStaging.verifications],
    };
    expect(isSettled(watch, [started], now)).toBe(false);

    const ended = {
      ...started,
      verifications: [
        { ...running, phase: 'Failed' as const },
        ...staleStaging.verifications,
      ],
    };
    expect(isSettled(watch, [ended], now)).toBe(true);
  });

  it('settles an abort once the current verification has ended', () => {
    const watch = createWatch(runningTest, 'abort', now);
    expect(isSettled(watch, [runningTest], now)).toBe(false);
    const aborted = {
      ...runningTest,
      verifications: [
        { ...runningTest.verifications[0], phase: 'Failed' as const },
      ],
    };
    expect(isSettled(watch, [aborted], now)).toBe(true);
  });

  it('gives up when the Stage disappears or the wait is too long', () => {
    const watch = createWatch(staleStaging, 'reverify', now);
    expect(isSettled(watch, [], now)).toBe(true);
    expect(isSettled(watch, [staleStaging], now + WATCH_TIMEOUT_MS + 1)).toBe(
      true,
    );
  });
});
