import { TestApiProvider } from '@backstage/test-utils';
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
});
