import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import {
  drawerTarget as target,
  fakeStreamingApi,
  jobRun,
  openLogs,
  openStreamedLogs,
} from '../../__testUtils__/analysisRunDrawer';

// jsdom lays nothing out: give the virtualized list a size to render into.
jest.mock(
  'react-virtualized-auto-sizer',
  () => jest.requireActual('../../__testUtils__/autoSizer').fixedAutoSizer,
);

/** The logs of a job metric, streamed by the test, with a clipboard. */
async function openCopyableLogs() {
  const writeText = jest.fn(async (_text: string) => {});
  Object.assign(navigator, { clipboard: { writeText } });
  const { s, logs } = await openStreamedLogs();
  return { s, writeText, logs };
}

describe('AnalysisRun logs in the drawer', () => {
  it("streams the job metric's first container, and another when picked", async () => {
    const { api, streams } = fakeStreamingApi();
    const logs = await openLogs(api);
    act(() =>
      streams[0].push({ type: 'text', text: 'probe 1/10 ok\nprobe 2/10 ' }),
    );
    act(() => streams[0].push({ type: 'text', text: '502\n' }));
    expect(await within(logs).findByText(/probe 2\/10 502/)).toBeVisible();
    expect(api.streamAnalysisRunLogs).toHaveBeenCalledWith(
      { ...target, metric: 'error-rate', container: 'probe' },
      expect.any(AbortSignal),
    );
    act(() => streams[0].push('end'));
    expect(await within(logs).findByText('The log ended.')).toBeVisible();

    await userEvent.selectOptions(
      within(logs).getByLabelText('Container'),
      'proxy',
    );
    await waitFor(() =>
      expect(api.streamAnalysisRunLogs).toHaveBeenLastCalledWith(
        { ...target, metric: 'error-rate', container: 'proxy' },
        expect.any(AbortSignal),
      ),
    );
  });

  it('says the stream broke and resumes it', async () => {
    const { api, streams } = fakeStreamingApi();
    const logs = await openLogs(api);
    act(() => streams[0].push({ type: 'text', text: 'first line\n' }));
    act(() => streams[0].push({ type: 'broken' }));
    act(() => streams[0].push('end'));
    expect(
      await within(logs).findByText('The log stream broke.'),
    ).toBeVisible();
    await userEvent.click(within(logs).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(streams).toHaveLength(2));
    act(() =>
      streams[1].push({ type: 'text', text: 'first line\nsecond line\n' }),
    );
    expect(await within(logs).findByText(/second line/)).toBeVisible();
    expect(within(logs).queryByText('The log stream broke.')).toBeNull();
  });

  it('stops following when asked: new lines wait, counted, until following again', async () => {
    const { s, logs } = await openStreamedLogs();
    act(() => s.push({ type: 'text', text: 'old line\n' }));
    await within(logs).findByText(/old line/);
    await userEvent.click(
      within(logs).getByRole('checkbox', { name: 'Follow' }),
    );
    act(() => s.push({ type: 'text', text: 'new line\n' }));
    expect(await within(logs).findByText(/Paused: 1 new line/)).toBeVisible();
    expect(within(logs).queryByText('new line')).toBeNull();
    await userEvent.click(
      within(logs).getByRole('checkbox', { name: 'Follow' }),
    );
    expect(await within(logs).findByText('new line')).toBeVisible();
  });

  it('copies the log', async () => {
    const { s, writeText, logs } = await openCopyableLogs();
    act(() => s.push({ type: 'text', text: 'FAIL smoke\n' }));
    await within(logs).findByText(/FAIL smoke/);
    await userEvent.click(
      within(logs).getByRole('button', { name: 'Copy logs' }),
    );
    expect(writeText).toHaveBeenCalledWith('FAIL smoke\n');
    expect(
      within(logs).getByRole('button', { name: 'Logs copied' }),
    ).toBeVisible();
  });

  it('says a metric has no logs when it is not a job, when its Job is gone, or when Kargo sends none', async () => {
    const { s, logs } = await openStreamedLogs();
    const other = screen.getByRole('region', { name: 'latency-p99' });
    expect(
      within(other).getByText(/only job metrics have logs in Kargo/),
    ).toBeVisible();
    act(() => s.push('end'));
    expect(
      await within(logs).findByText(/Kargo sent none \(the Job may be gone\)/),
    ).toBeVisible();
  });

  it("shows Kargo's refusal in words", async () => {
    const api = fakeKargoApi({
      getAnalysisRun: jest.fn(async () => ({
        ...jobRun,
        jobMetrics: [
          { metric: 'error-rate', containers: ['probe'], hasJob: true },
        ],
      })),
      // eslint-disable-next-line require-yield
      streamAnalysisRunLogs: jest.fn(async function* refused() {
        throw new Error('Kargo said no');
      }),
    });
    const logs = await openLogs(api);
    expect(within(logs).queryByLabelText('Container')).toBeNull();
    expect(await within(logs).findByRole('alert')).toHaveTextContent(
      'The logs could not be read: Kargo said no',
    );
  });
});

describe('a log longer than the viewer keeps (issue 35, attack 17)', () => {
  it('keeps at most the newest 2 MB, from a line start, and says earlier lines were dropped', async () => {
    const { s, writeText, logs } = await openCopyableLogs();
    const line = `${'x'.repeat(99_999)}\n`;
    act(() => {
      s.push({ type: 'text', text: 'first line\n' });
      for (let i = 0; i < 25; i++) s.push({ type: 'text', text: line });
      s.push({ type: 'text', text: 'last line\n' });
    });
    expect(
      await within(logs).findByText(/Earlier lines dropped/),
    ).toBeVisible();
    await within(logs).findByText('last line');
    expect(within(logs).queryByText('first line')).toBeNull();
    await userEvent.click(
      within(logs).getByRole('button', { name: 'Copy logs' }),
    );
    const [[kept]] = writeText.mock.calls;
    expect(kept.length).toBeLessThanOrEqual(2_000_000);
    expect(kept.startsWith('x')).toBe(true);
    expect(kept.endsWith('last line\n')).toBe(true);
  });
});
