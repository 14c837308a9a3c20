import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import { annotatedEntity, fakeKargoApi } from '../../__testUtils__/fakeApi';
import { entityResponse, staleStaging } from '../../__fixtures__/stages';
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
    const signals: SignalApi = {
      subscribe: (_channel, onMessage) => {
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
    const before = sectionRenders();

    act(() => onSignal({ instance: qa.instance, project: qa.project }));
    expect(
      await within(
        screen.getByRole('region', { name: 'checkout/qa' }),
      ).findByText(/Unhealthy/),
    ).toBeVisible();
    await waitFor(() => expect(api.getEntityStages).toHaveBeenCalledTimes(2));

    const after = sectionRenders();
    expect(after.staging).toBe(before.staging);
    expect(after.qa).toBeGreaterThan(before.qa);
  });
});
