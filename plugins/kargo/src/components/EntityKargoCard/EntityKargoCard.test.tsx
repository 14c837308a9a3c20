import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entity } from '@backstage/catalog-model';
import { fakeKargoApi, plainEntity } from '../../__testUtils__/fakeApi';
import {
  entityResponse,
  prodWithOrphan,
  runningTest,
  staleStaging,
} from '../../__fixtures__/stages';
import { renderForEntity } from '../../__testUtils__/testApis';
import type { KargoApi } from '../../api';
import { EntityKargoCard } from './EntityKargoCard';

function render(
  api: KargoApi,
  options: {
    entity?: Entity;
    permission?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
  } = {},
) {
  return renderForEntity(<EntityKargoCard />, { api, ...options });
}

const response = entityResponse([staleStaging, runningTest, prodWithOrphan]);

describe('EntityKargoCard', () => {
  it('shows one row per Stage with its phase, open PRs and Reverify', async () => {
    await render(
      fakeKargoApi({ getEntityStages: jest.fn(async () => response) }),
    );
    const staging = await screen.findByRole('row', {
      name: /checkout\/staging/,
    });
    expect(within(staging).getByText('Successful')).toBeVisible();
    expect(within(staging).getByText('Stale')).toBeVisible();
    expect(within(staging).getByText('0 open PRs')).toBeVisible();
    await waitFor(() =>
      expect(
        within(staging).getByRole('button', { name: 'Reverify' }),
      ).toBeEnabled(),
    );
    const test = screen.getByRole('row', { name: /payments\/test/ });
    expect(within(test).getByText('Running')).toBeVisible();
    expect(
      within(test).getByRole('button', { name: 'Reverify' }),
    ).toBeDisabled();
    const prod = screen.getByRole('row', { name: /checkout\/prod/ });
    expect(within(prod).getByText('2 open PRs')).toBeVisible();
  });

  it('reverifies from the card after confirmation', async () => {
    const api = fakeKargoApi({
      getEntityStages: jest.fn(async () => response),
    });
    const { alertApi } = await render(api);
    const staging = await screen.findByRole('row', {
      name: /checkout\/staging/,
    });
    const button = within(staging).getByRole('button', { name: 'Reverify' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm reverify' }),
    );
    await waitFor(() => expect(api.reverify).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({ severity: 'success' }),
      ),
    );
  });

  it('disables Reverify with the reason when the permission is denied', async () => {
    // usePermission caches answers per resource across renders (SWR); another
    // instance keeps the ALLOW answers of the tests above out of this one.
    const denied = entityResponse([{ ...staleStaging, instance: 'denied' }]);
    await render(
      fakeKargoApi({ getEntityStages: jest.fn(async () => denied) }),
      { permission: AuthorizeResult.DENY },
    );
    const staging = await screen.findByRole('row', {
      name: /checkout\/staging/,
    });
    const button = within(staging).getByRole('button', { name: 'Reverify' });
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.hover(button.parentElement!);
    expect(
      (
        await screen.findByText('You are not permitted to reverify this Stage.')
      ).closest('[role="tooltip"]'),
    ).toBeVisible();
  });

  it('names the missing annotation', async () => {
    await render(fakeKargoApi(), { entity: plainEntity });
    expect(screen.getByText('kargo.akuity.io/project')).toBeVisible();
  });

  it('shows the stale banner', async () => {
    await render(
      fakeKargoApi({
        getEntityStages: jest.fn(async () =>
          entityResponse([staleStaging], { stale: true }),
        ),
      }),
    );
    expect(
      await screen.findByText(/Kargo data is stale: last updated/),
    ).toBeVisible();
  });
});
