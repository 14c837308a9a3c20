import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kargoApiRef, type KargoLogEvent } from '../api';
import { AnalysisRunDrawer } from '../components/AnalysisRunDrawer';
import { failedRun } from '../__fixtures__/analysisRun';
import { fakeKargoApi } from './fakeApi';

/** The AnalysisRun the drawer tests open. */
export const drawerTarget = {
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  instance: 'production',
};

/** A failed run whose error-rate metric is a Job with two containers. */
export const jobRun = {
  ...failedRun,
  jobMetrics: [
    { metric: 'error-rate', containers: ['probe', 'proxy'], hasJob: true },
  ],
};

/** The drawer of `drawerTarget`, reading through `api`. */
export function renderDrawer(api: ReturnType<typeof fakeKargoApi>) {
  return renderInTestApp(
    <TestApiProvider apis={[[kargoApiRef, api]]}>
      <AnalysisRunDrawer target={drawerTarget} onClose={() => {}} />
    </TestApiProvider>,
  );
}

/** A log stream the test feeds: push events, then end or break it. */
export function controlledStream() {
  const queue: Array<KargoLogEvent | 'end' | Error> = [];
  let wake: (() => void) | undefined;
  const push = (item: KargoLogEvent | 'end' | Error) => {
    queue.push(item);
    wake?.();
  };
  const next = () =>
    queue.length > 0
      ? Promise.resolve()
      : new Promise<void>(r => {
          wake = r;
        });
  async function* stream(): AsyncIterable<KargoLogEvent> {
    for (;;) {
      await next();
      const item = queue.shift()!;
      if (item === 'end') return;
      if (item instanceof Error) throw item;
      yield item;
    }
  }
  return { push, stream };
}

/** Opens the drawer and the logs of its error-rate metric: their region. */
export async function openLogs(api: ReturnType<typeof fakeKargoApi>) {
  await renderDrawer(api);
  const metric = await screen.findByRole('region', { name: 'error-rate' });
  await userEvent.click(within(metric).getByRole('button', { name: 'Logs' }));
  return screen.findByRole('region', { name: 'Logs of error-rate' });
}

/** The logs of `jobRun`'s job metric, one stream the test feeds. */
export async function openStreamedLogs() {
  const s = controlledStream();
  const api = fakeKargoApi({
    getAnalysisRun: jest.fn(async () => jobRun),
    streamAnalysisRunLogs: jest.fn(() => s.stream()),
  });
  return { s, api, logs: await openLogs(api) };
}

/** An api serving `jobRun` that opens a stream per log request: the streams, in order. */
export function fakeStreamingApi() {
  const streams: ReturnType<typeof controlledStream>[] = [];
  const api = fakeKargoApi({
    getAnalysisRun: jest.fn(async () => jobRun),
    streamAnalysisRunLogs: jest.fn(() => {
      const s = controlledStream();
      streams.push(s);
      return s.stream();
    }),
  });
  return { api, streams };
}
