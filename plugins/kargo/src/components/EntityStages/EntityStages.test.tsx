import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { entityResponse, staleStaging } from '../../__fixtures__/stages';
import { renderForEntity } from '../../__testUtils__/testApis';
import { formatDateTime } from '../../utils/format';
import { EntityKargoContentView } from '../EntityKargoContent/EntityKargoContent';
import { EntityStages } from './EntityStages';

describe('EntityStages', () => {
  it('keeps showing the last data with a banner when a refresh fails', async () => {
    const first = entityResponse([staleStaging]);
    const api = fakeKargoApi({
      // Every refresh after the first answer fails (the watch keeps polling).
      getEntityStages: jest
        .fn()
        .mockRejectedValue(new Error('Kargo instance is unreachable'))
        .mockResolvedValueOnce(first),
    });
    await renderForEntity(
      <EntityStages
        render={(response, onActionDone) => (
          <EntityKargoContentView
            response={response}
            onActionDone={onActionDone}
          />
        )}
      />,
      { api },
    );
    const staging = await screen.findByRole('region', {
      name: 'checkout/staging',
    });
    // A reverify refreshes the Stages; that second request fails.
    const button = within(staging).getByRole('button', { name: 'Reverify' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm reverify' }),
    );
    await waitFor(() => expect(api.getEntityStages).toHaveBeenCalledTimes(2));

    expect(
      await screen.findByRole('heading', {
        name: `Warning: Could not refresh Kargo data: Kargo instance is unreachable; showing data from ${formatDateTime(
          first.lastUpdated,
          'en',
        )}`,
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'checkout/staging' }),
    ).toBeVisible();
  });

  it('shows the full error panel when the first load fails', async () => {
    const api = fakeKargoApi({
      getEntityStages: jest
        .fn()
        .mockRejectedValue(new Error('Kargo instance is unreachable')),
    });
    await renderForEntity(<EntityStages render={() => 'loaded'} />, { api });
    expect(
      await screen.findByRole('heading', {
        name: /Kargo instance is unreachable/,
      }),
    ).toBeVisible();
    expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument();
    expect(screen.queryByText('loaded')).not.toBeInTheDocument();
  });
});
