import { TestApiProvider } from '@backstage/test-utils';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { kargoApiRef } from '../api';
import { fakeKargoApi } from '../__testUtils__/fakeApi';
import { controlledStream } from '../__testUtils__/analysisRunDrawer';
import { LOG_UPDATE_MS, useAnalysisRunLogs } from './useAnalysisRunLogs';

// Issue 35, attack 20: Backstage's LogViewer draws every row in view again
// for each new text, and the hook gave it a new text per chunk: a Job
// printing a line of links per 8-byte chunk kept the tab drawing.

const request = {
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  metric: 'error-rate',
  container: 'probe',
};

function streamed() {
  const s = controlledStream();
  const api = fakeKargoApi({
    streamAnalysisRunLogs: jest.fn(() => s.stream()),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestApiProvider apis={[[kargoApiRef, api]]}>{children}</TestApiProvider>
  );
  const texts: string[] = [];
  const hook = renderHook(
    () => {
      const logs = useAnalysisRunLogs(request);
      if (texts[texts.length - 1] !== logs.text) texts.push(logs.text);
      return logs;
    },
    { wrapper },
  );
  return { s, texts, hook };
}

describe('useAnalysisRunLogs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const pass = (ms: number) =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });

  it('shows a streaming text at most every 500 ms: 20 chunks in 1 s show at most 3 texts, not 20', async () => {
    const { s, texts, hook } = streamed();
    await pass(0);
    for (let i = 0; i < 20; i++) {
      act(() => s.push({ type: 'text', text: `line ${i}\n` }));
      await pass(50);
    }
    await pass(LOG_UPDATE_MS);
    // The first chunk at once, then one text per 500 ms.
    expect(texts.filter(text => text !== '').length).toBeLessThanOrEqual(3);
    expect(hook.result.current.text).toContain('line 19\n');
  });

  it('shows what came since the last update when the stream ends', async () => {
    const { s, hook } = streamed();
    await pass(0);
    act(() => s.push({ type: 'text', text: 'first\n' }));
    await pass(10);
    act(() => s.push({ type: 'text', text: 'last\n' }));
    act(() => s.push('end'));
    await pass(0);
    expect(hook.result.current).toMatchObject({
      text: 'first\nlast\n',
      status: 'ended',
    });
  });
});
