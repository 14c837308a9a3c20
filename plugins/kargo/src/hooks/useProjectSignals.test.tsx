import { TestApiProvider } from '@backstage/test-utils';
import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  CATCH_UP_MS,
  SIGNAL_COALESCE_MS,
  useProjectSignals,
} from './useProjectSignals';

describe('useProjectSignals', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes at once on a signal, then once more at the end of a burst', () => {
    let onSignal: (message: JsonObject) => void = () => {};
    const signals: SignalApi = {
      subscribe: (_channel, onMessage) => {
        onSignal = onMessage as (message: JsonObject) => void;
        return { unsubscribe: () => {} };
      },
    };
    const onChange = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestApiProvider apis={[[signalApiRef, signals]]}>
        {children}
      </TestApiProvider>
    );
    renderHook(() => useProjectSignals(['kargo:opaque-checkout'], onChange), {
      wrapper,
    });
    const message = { change: 1 };

    act(() => onSignal(message));
    // No waiting for more signals first: the page asks right away.
    expect(onChange).toHaveBeenCalledTimes(1);

    // A burst right after: one more refresh, once it is over.
    act(() => onSignal(message));
    act(() => onSignal(message));
    expect(onChange).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(SIGNAL_COALESCE_MS));
    expect(onChange).toHaveBeenCalledTimes(2);

    // Quiet since: nothing more.
    act(() => jest.advanceTimersByTime(SIGNAL_COALESCE_MS * 5));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('once unmounted, drops its subscription and reads no more', () => {
    const subscribed = new Set<string>();
    const signals: SignalApi = {
      subscribe: channel => {
        subscribed.add(channel);
        return { unsubscribe: () => subscribed.delete(channel) };
      },
    };
    const onChange = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestApiProvider apis={[[signalApiRef, signals]]}>
        {children}
      </TestApiProvider>
    );
    const { unmount } = renderHook(
      () => useProjectSignals(['kargo:opaque-checkout'], onChange),
      { wrapper },
    );
    expect(subscribed.size).toBe(1);

    unmount();
    expect(subscribed.size).toBe(0);
    act(() => jest.advanceTimersByTime(CATCH_UP_MS[CATCH_UP_MS.length - 1]));
    expect(onChange).not.toHaveBeenCalled();
  });
});
