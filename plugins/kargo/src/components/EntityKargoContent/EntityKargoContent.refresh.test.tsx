import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import { annotatedEntity, fakeKargoApi } from '../../__testUtils__/fakeApi';
import { fakeSignalClient } from '../../__testUtils__/fakeSignalClient';
import {
  entityResponse,
  fakeSignalChannel,
  staleStaging,
} from '../../__fixtures__/stages';
import { renderForEntity } from '../../__testUtils__/testApis';
import { StageSection } from '../StageSection';
import { EntityKargoContent } from './EntityKargoContent';

jest.mock('../StageSection', () => {
  const actual = jest.requireActual('../StageSection');
  return { ...actual, StageSection: jest.fn(actual.StageSection) };
});

/** How often each Stage's section rendered so far. */
function sectionRenders(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [props] of (StageSection as unknown as jest.Mock).mock.calls) {
    const name = (props as { stage?: { name: string } } | undefined)?.stage
      ?.name;
    if (name) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

describe('EntityKargoContent, refreshed by a signal', () => {
  it('renders again only the section of the Stage that changed', async () => {
    const reread = <T,>(value: T): T => JSON.parse(JSON.stringify(value));
    const qa = { ...staleStaging, name: 'qa' };
    const first = entityResponse([staleStaging, qa]);
    const changed = reread(first);
    changed.items[1].health = 'Unhealthy';
    const answers = [first, changed];
    const api = fakeKargoApi({
      getEntityStages: jest.fn(async () => reread(answers.shift() ?? changed)),
    });
    let onSignal: (message: JsonObject) => void = () => {};
    const subscribed: string[] = [];
    const signals: SignalApi = {
      subscribe: (channel, onMessage) => {
        subscribed.push(channel);
        onSignal = onMessage as (message: JsonObject) => void;
        return { unsubscribe: () => {} };
      },
    };
    await renderForEntity(<EntityKargoContent />, {
      api,
      entity: annotatedEntity,
      extraApis: [[signalApiRef, signals]],
    });
    await screen.findByRole('region', { name: 'checkout/qa' });
    // Only the opaque channel the answer handed out, never a project name.
    expect(subscribed).toEqual([fakeSignalChannel(qa.instance, qa.project)]);
    const before = sectionRenders();

    act(() => onSignal({ change: 1 }));
    expect(
      await within(
        screen.getByRole('region', { name: 'checkout/qa' }),
      ).findByText(/Unhealthy/),
    ).toBeVisible();
    // The signal's read (a slow machine may also see the tab's poll: more
    // reads of the same answer change nothing).
    await waitFor(() =>
      expect(
        (api.getEntityStages as jest.Mock).mock.calls.length,
      ).toBeGreaterThanOrEqual(2),
    );

    const after = sectionRenders();
    expect(after.staging).toBe(before.staging);
    expect(after.qa).toBeGreaterThan(before.qa);
  });
});

describe('EntityKargoContent, a change while its signals are not live yet', () => {
  const reread = <T,>(value: T): T => JSON.parse(JSON.stringify(value));
  const qa = { ...staleStaging, name: 'qa' };
  const message = { change: 1 };
  const channel = fakeSignalChannel(qa.instance, qa.project);
  const qaSection = () => screen.getByRole('region', { name: 'checkout/qa' });

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The tab on a backend whose answer is `state.answer` at the time of the read. */
  async function openTab(signals: ReturnType<typeof fakeSignalClient>) {
    const state = { answer: entityResponse([staleStaging, qa]) };
    const api = fakeKargoApi({
      getEntityStages: jest.fn(async () => reread(state.answer)),
    });
    await renderForEntity(<EntityKargoContent />, {
      api,
      entity: annotatedEntity,
      extraApis: [[signalApiRef, signals.api]],
    });
    await screen.findByRole('region', { name: 'checkout/qa' });
    return { api, state };
  }

  it('shows a change signalled before its first WebSocket was open, without waiting for the next one', async () => {
    // The first socket after a backend start opens only ~6 s later.
    const signals = fakeSignalClient({ openAfterMs: [6_000] });
    const { state } = await openTab(signals);

    await act(() => jest.advanceTimersByTimeAsync(1_500));
    const changed = reread(state.answer);
    changed.items[1].health = 'Unhealthy';
    state.answer = changed;
    signals.publish(channel, message); // lost: nothing subscribed yet

    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(within(qaSection()).getByText(/Unhealthy/)).toBeVisible();
  });

  it('keeps its WebSocket while the projects it follows change, so a signal meanwhile is not lost', async () => {
    // Open at once; a second socket would take 5 s.
    const signals = fakeSignalClient({ openAfterMs: [0, 5_000] });
    const { api, state } = await openTab(signals);
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    const reads = (api.getEntityStages as jest.Mock).mock.calls.length;

    // A Stage of another project appears (signalled on the open socket).
    const billing = { ...staleStaging, name: 'ledger', project: 'billing' };
    state.answer = entityResponse([staleStaging, qa, billing]);
    act(() => signals.publish(channel, message));
    await screen.findByRole('region', { name: 'billing/ledger' });
    await act(() => jest.advanceTimersByTimeAsync(300));

    // Right after, qa changes: shown at once, by its signal.
    const changed = reread(state.answer);
    changed.items[1].health = 'Unhealthy';
    state.answer = changed;
    act(() => signals.publish(channel, message));
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(within(qaSection()).getByText(/Unhealthy/)).toBeVisible();
    expect(api.getEntityStages).toHaveBeenCalledTimes(reads + 2);
    expect(signals.sockets()).toBe(1);
  });
});
