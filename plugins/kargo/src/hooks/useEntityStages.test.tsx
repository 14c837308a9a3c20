import { TestApiProvider } from '@backstage/test-utils';
import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { kargoApiRef } from '../api';
import { annotatedEntity, fakeKargoApi } from '../__testUtils__/fakeApi';
import {
  entityResponse,
  fakeSignalChannel,
  staleStaging,
  verification,
} from '../__fixtures__/stages';
import { useEntityStages } from './useEntityStages';

/** The hook for the annotated entity, with the signal API given. */
function renderWithSignals(
  api: ReturnType<typeof fakeKargoApi>,
  signals: SignalApi,
  options: { pollIntervalMs?: number } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestApiProvider
      apis={[
        [kargoApiRef, api],
        [signalApiRef, signals],
      ]}
    >
      {children}
    </TestApiProvider>
  );
  return renderHook(() => useEntityStages(annotatedEntity, options), {
    wrapper,
  });
}

describe('useEntityStages', () => {
  it('refreshes after a reverify until the new run has ended, then stops', async () => {
    const newRun = verification({
      id: 'new-run',
      phase: 'Running',
      finishTime: null,
    });
    const answers = [
      entityResponse([staleStaging]),
      entityResponse([staleStaging]),
      entityResponse([
        {
          ...staleStaging,
          verifications: [newRun, ...staleStaging.verifications],
        },
      ]),
      entityResponse([
        {
          ...staleStaging,
          verifications: [
            { ...newRun, phase: 'Successful' },
            ...staleStaging.verifications,
          ],
        },
      ]),
    ];
    const api = fakeKargoApi({
      // The last answer stays the cluster's state: a poll still in flight when
      // the run ended must not bring back the state from before the reverify.
      getEntityStages: jest.fn(async () =>
        answers.length > 1 ? answers.shift()! : answers[0],
      ),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestApiProvider apis={[[kargoApiRef, api]]}>{children}</TestApiProvider>
    );
    const { result } = renderHook(
      () => useEntityStages(annotatedEntity, { pollIntervalMs: 10 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.value).toBeDefined());
    expect(result.current.polling).toBe(false);

    act(() =>
      result.current.watchStage(result.current.value!.items[0], 'reverify'),
    );
    expect(result.current.polling).toBe(true);

    await waitFor(() =>
      expect(result.current.value?.items[0].verifications[0].phase).toBe(
        'Successful',
      ),
    );
    await waitFor(() => expect(result.current.polling).toBe(false));
    expect(
      (api.getEntityStages as jest.Mock).mock.calls.length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('with signals, refreshes when its project is signalled, and never polls', async () => {
    const listeners = new Map<string, (message: JsonObject) => void>();
    const signals: SignalApi = {
      subscribe: (channel, onMessage) => {
        listeners.set(channel, onMessage as (message: JsonObject) => void);
        return { unsubscribe: () => listeners.delete(channel) };
      },
    };
    const running = {
      ...staleStaging,
      verifications: [
        verification({ id: 'run', phase: 'Running', finishTime: null }),
        ...staleStaging.verifications,
      ],
    };
    const done = {
      ...running,
      verifications: [
        { ...running.verifications[0], phase: 'Successful' as const },
        ...staleStaging.verifications,
      ],
    };
    const answers = [entityResponse([running]), entityResponse([done])];
    const getEntityStages = jest.fn(
      async () => answers.shift() ?? entityResponse([done]),
    );
    const api = fakeKargoApi({ getEntityStages });
    const { result } = renderWithSignals(api, signals, { pollIntervalMs: 10 });
    await waitFor(() => expect(result.current.value).toBeDefined());
    // A verification is Running, yet nothing polls: the signal will say.
    expect(result.current).toMatchObject({ live: true, polling: false });
    await new Promise(r => setTimeout(r, 50));
    expect(getEntityStages).toHaveBeenCalledTimes(1);

    // The channel the answer handed out, not one made from the project's name.
    const channel = fakeSignalChannel(
      staleStaging.instance,
      staleStaging.project,
    );
    expect([...listeners.keys()]).toEqual([channel]);
    act(() => listeners.get(channel)!({ change: 1 }));
    await waitFor(() =>
      expect(result.current.value?.items[0].verifications[0].phase).toBe(
        'Successful',
      ),
    );
    expect(getEntityStages).toHaveBeenCalledTimes(2);
  });
});

describe('useEntityStages, refreshed by signals', () => {
  function signalling() {
    const listeners = new Map<string, (message: JsonObject) => void>();
    const signals: SignalApi = {
      subscribe: (channel, onMessage) => {
        listeners.set(channel, onMessage as (message: JsonObject) => void);
        return { unsubscribe: () => listeners.delete(channel) };
      },
    };
    const signal = () =>
      act(() =>
        listeners.get(
          fakeSignalChannel(staleStaging.instance, staleStaging.project),
        )!({ change: 1 }),
      );
    return { signals, signal };
  }
  const reread = <T,>(value: T): T => JSON.parse(JSON.stringify(value));

  it('keeps the objects of the Stages a signalled change did not touch', async () => {
    const other = { ...staleStaging, name: 'qa' };
    const first = entityResponse([staleStaging, other]);
    const changed = reread(first);
    changed.items[0].verifications[0].phase = 'Failed';
    const answers = [first, changed];
    const api = fakeKargoApi({
      getEntityStages: jest.fn(async () => reread(answers.shift() ?? changed)),
    });
    const { signals, signal } = signalling();
    const { result } = renderWithSignals(api, signals);
    await waitFor(() => expect(result.current.value).toBeDefined());
    const before = result.current.value!;

    signal();
    await waitFor(() =>
      expect(result.current.value?.items[0].verifications[0].phase).toBe(
        'Failed',
      ),
    );
    // The untouched Stage is the very object rendered before.
    expect(result.current.value!.items[1]).toBe(before.items[1]);
    expect(result.current.value!.items[0]).not.toBe(before.items[0]);

    // A signal whose re-read changed nothing keeps the whole answer.
    const after = result.current.value;
    signal();
    await waitFor(() => expect(api.getEntityStages).toHaveBeenCalledTimes(3));
    await new Promise(r => setTimeout(r, 20));
    expect(result.current.value).toBe(after);
  });

  it('a signal during a load is not lost: it loads once more after that load', async () => {
    const running = entityResponse([staleStaging]);
    const done = reread(running);
    done.items[0].verifications[0].phase = 'Failed';
    let release: () => void = () => {};
    const calls: string[] = [];
    const getEntityStages = jest.fn(async () => {
      const n = calls.push('load');
      if (n === 1) return reread(running);
      if (n === 2) {
        // The second load is slow; a change is signalled meanwhile.
        await new Promise<void>(r => {
          release = r;
        });
        return reread(running);
      }
      return reread(done);
    });
    const { signals, signal } = signalling();
    const { result } = renderWithSignals(
      fakeKargoApi({ getEntityStages }),
      signals,
    );
    await waitFor(() => expect(result.current.value).toBeDefined());

    signal();
    await waitFor(() => expect(getEntityStages).toHaveBeenCalledTimes(2));
    // The throttle lets the next signal through after SIGNAL_COALESCE_MS.
    await new Promise(r => setTimeout(r, 250));
    signal();
    // Still loading when the signal has been handled (also after a coalescing delay).
    await new Promise(r => setTimeout(r, 250));
    await act(async () => release());

    await waitFor(() =>
      expect(result.current.value?.items[0].verifications[0].phase).toBe(
        'Failed',
      ),
    );
    expect(getEntityStages).toHaveBeenCalledTimes(3);
  });
});
