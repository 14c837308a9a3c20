import type { SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import {
  CATCH_UP_MS,
  SIGNAL_COALESCE_MS,
  createProjectSignalFeed,
} from './projectSignalFeed';

/** A SignalApi recording subscribe/unsubscribe in order. */
function recordingSignals() {
  const log: string[] = [];
  const listeners = new Map<string, (message: JsonObject) => void>();
  const api: SignalApi = {
    subscribe(channel, onMessage) {
      log.push(`+${channel}`);
      listeners.set(channel, onMessage as (message: JsonObject) => void);
      return {
        unsubscribe() {
          log.push(`-${channel}`);
          listeners.delete(channel);
        },
      };
    },
  };
  const signal = (channel: string) => listeners.get(channel)!({});
  return { api, log, signal };
}

describe('createProjectSignalFeed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('re-reads a few times after subscribing, while no signal proves the subscription live', () => {
    const { api } = recordingSignals();
    const onChange = jest.fn();
    createProjectSignalFeed(api, onChange).follow(['a']);

    expect(onChange).not.toHaveBeenCalled();
    const last = CATCH_UP_MS[CATCH_UP_MS.length - 1];
    jest.advanceTimersByTime(last * 4);
    expect(onChange).toHaveBeenCalledTimes(CATCH_UP_MS.length);
  });

  it('stops re-reading at the first signal, which refreshes at once', () => {
    const { api, signal } = recordingSignals();
    const onChange = jest.fn();
    createProjectSignalFeed(api, onChange).follow(['a']);
    jest.advanceTimersByTime(CATCH_UP_MS[0]);
    expect(onChange).toHaveBeenCalledTimes(1);

    // Right after a re-read, not held back by the burst throttle.
    jest.advanceTimersByTime(SIGNAL_COALESCE_MS / 4);
    signal('a');
    expect(onChange).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(CATCH_UP_MS[CATCH_UP_MS.length - 1] * 4);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('subscribes new channels before it drops old ones, and keeps the unchanged ones', () => {
    const { api, log } = recordingSignals();
    const feed = createProjectSignalFeed(api, () => {});
    feed.follow(['a', 'b']);
    feed.follow(['a', 'b']);
    expect(log).toEqual(['+a', '+b']);

    feed.follow(['b', 'c']);
    expect(log).toEqual(['+a', '+b', '+c', '-a']);

    feed.close();
    expect(log.slice(4).sort()).toEqual(['-b', '-c']);
  });

  it('re-reads again after a channel is added', () => {
    const { api, signal } = recordingSignals();
    const onChange = jest.fn();
    const feed = createProjectSignalFeed(api, onChange);
    feed.follow(['a']);
    signal('a');
    expect(onChange).toHaveBeenCalledTimes(1);

    feed.follow(['a', 'b']);
    jest.advanceTimersByTime(CATCH_UP_MS[0]);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('calls nothing after close', () => {
    const { api } = recordingSignals();
    const onChange = jest.fn();
    const feed = createProjectSignalFeed(api, onChange);
    feed.follow(['a']);
    feed.close();
    feed.follow(['a']);
    jest.advanceTimersByTime(CATCH_UP_MS[CATCH_UP_MS.length - 1] * 4);
    expect(onChange).not.toHaveBeenCalled();
  });
});
