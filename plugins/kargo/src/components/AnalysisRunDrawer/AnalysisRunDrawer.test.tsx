import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { ResponseError } from '@backstage/errors';
import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kargoApiRef } from '../../api';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { AnalysisRunDrawer } from './AnalysisRunDrawer';

const target = {
  project: 'payments',
  name: 'qa.01jd0000.dd11',
  instance: 'production',
};

describe('AnalysisRunDrawer', () => {
  it('shows the run summary, metrics and failed-measurement messages', async () => {
    const api = fakeKargoApi();
    const onClose = jest.fn();
    await renderInTestApp(
      <TestApiProvider apis={[[kargoApiRef, api]]}>
        <AnalysisRunDrawer target={target} onClose={onClose} />
      </TestApiProvider>,
    );
    const drawer = screen.getByRole('region', {
      name: 'AnalysisRun qa.01jd0000.dd11',
    });
    const metric = await within(drawer).findByRole('region', {
      name: 'error-rate',
    });
    expect(within(metric).getByText(/error rate 7.5% above 5%/)).toBeVisible();
    expect(within(metric).getByText(/value: 0.075/)).toBeVisible();
    expect(
      within(drawer).getByText(/failed \(2\) > failureLimit \(1\)/),
    ).toBeVisible();
    expect(api.getAnalysisRun).toHaveBeenCalledWith(target);
    await userEvent.click(
      within(drawer).getByRole('button', { name: 'Close' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the error when the run cannot be read', async () => {
    const response = new Response(
      JSON.stringify({
        error: {
          name: 'NotFoundError',
          message: 'AnalysisRun gone was not found',
        },
        request: { method: 'GET', url: '/x' },
        response: { statusCode: 404 },
      }),
      { status: 404, headers: { 'Content-Type': 'application/json' } },
    );
    const error = await ResponseError.fromResponse(response);
    const api = fakeKargoApi({
      getAnalysisRun: jest.fn().mockRejectedValue(error),
    });
    await renderInTestApp(
      <TestApiProvider apis={[[kargoApiRef, api]]}>
        <AnalysisRunDrawer target={target} onClose={jest.fn()} />
      </TestApiProvider>,
    );
    expect(
      await screen.findByRole('heading', {
        name: /AnalysisRun gone was not found/,
      }),
    ).toBeVisible();
  });

  it('fits a long run name inside a drawer no wider than the viewport', async () => {
    const long = {
      ...target,
      name: 'qa.01jd0000.dd11-a-very-long-analysis-run-name-without-any-spaces-at-all',
    };
    await renderInTestApp(
      <TestApiProvider apis={[[kargoApiRef, fakeKargoApi()]]}>
        <AnalysisRunDrawer target={long} onClose={jest.fn()} />
      </TestApiProvider>,
    );
    const drawer = screen.getByRole('region', {
      name: `AnalysisRun ${long.name}`,
    });
    // jsdom has no layout: assert the styles that keep it on screen.
    const paper = drawer.parentElement!;
    expect(paper).toHaveStyle({ width: '568px', maxWidth: '100vw' });
    expect(drawer).toHaveStyle({ boxSizing: 'border-box' });
    expect(
      within(drawer).getByRole('heading', { name: `AnalysisRun ${long.name}` }),
    ).toHaveStyle({ overflowWrap: 'anywhere' });
    await within(drawer).findByRole('region', { name: 'error-rate' });
  });

  it('renders nothing while closed', async () => {
    const api = fakeKargoApi();
    await renderInTestApp(
      <TestApiProvider apis={[[kargoApiRef, api]]}>
        <AnalysisRunDrawer target={undefined} onClose={jest.fn()} />
      </TestApiProvider>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(api.getAnalysisRun).not.toHaveBeenCalled();
  });

  it('reads the run again on a signal of the channel its answer named, and subscribes to nothing else', async () => {
    const channel = 'kargo:opaque-payments';
    const api = fakeKargoApi();
    const first = await api.getAnalysisRun(target);
    (api.getAnalysisRun as jest.Mock).mockClear();
    (api.getAnalysisRun as jest.Mock).mockImplementation(async () => ({
      ...first,
      signalChannel: channel,
    }));
    const listeners = new Map<string, (message: JsonObject) => void>();
    const signals: SignalApi = {
      subscribe: (name, onMessage) => {
        listeners.set(name, onMessage as (message: JsonObject) => void);
        return { unsubscribe: () => listeners.delete(name) };
      },
    };
    await renderInTestApp(
      <TestApiProvider
        apis={[
          [kargoApiRef, api],
          [signalApiRef, signals],
        ]}
      >
        <AnalysisRunDrawer target={target} onClose={jest.fn()} />
      </TestApiProvider>,
    );
    await screen.findByRole('region', { name: 'error-rate' });
    await waitFor(() => expect([...listeners.keys()]).toEqual([channel]));
    expect(api.getAnalysisRun).toHaveBeenCalledTimes(1);

    act(() => listeners.get(channel)!({ change: 1 }));
    await waitFor(() => expect(api.getAnalysisRun).toHaveBeenCalledTimes(2));
    expect([...listeners.keys()]).toEqual([channel]);
  });
});
