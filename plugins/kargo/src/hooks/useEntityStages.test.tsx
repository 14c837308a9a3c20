import { TestApiProvider } from '@backstage/test-utils';
import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { kargoApiRef } from '../api';
import { annotatedEntity, fakeKargoApi } from '../__testUtils__/fakeApi';
import {
  entityResponse,
  staleStaging,
  verification,
} from '../__fixtures__/stages';
import { useEntityStages } from './useEntityStages';

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
      getEntityStages: jest.fn(
        async () => answers.shift() ?? entityResponse([staleStaging]),
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
    const { result } = renderHook(
      () => useEntityStages(annotatedEntity, { pollIntervalMs: 10 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.value).toBeDefined());
    // A verification is Running, yet nothing polls: the signal will say.
    expect(result.current).toMatchObject({ live: true, polling: false });
    await new Promise(r => setTimeout(r, 50));
    expect(getEntityStages).toHaveBeenCalledTimes(1);

    const channel = `kargo:project:${staleStaging.instance}/${staleStaging.project}`;
    expect([...listeners.keys()]).toEqual([channel]);
    act(() =>
      listeners.get(channel)!({
        instance: staleStaging.instance,
        project: staleStaging.project,
      }),
    );
    await waitFor(() =>
      expect(result.current.value?.items[0].verifications[0].phase).toBe(
        'Successful',
      ),
    );
    expect(getEntityStages).toHaveBeenCalledTimes(2);
  });
});
