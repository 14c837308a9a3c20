import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { staleStaging } from '../../__fixtures__/stages';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { RefreshButton } from './RefreshButton';

const stage: StageDetail = {
  ...staleStaging,
  requestedFreight: [
    {
      origin: 'Warehouse/checkout',
      direct: false,
      stages: ['dev'],
      requiredSoakTime: null,
    },
  ],
};
const request = {
  project: 'checkout',
  stage: 'staging',
  instance: 'production',
};

async function open(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

describe('RefreshButton', () => {
  it("asks the Stage's Warehouse to look for new Freight (the default) and says new Freight will appear", async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <RefreshButton stage={stage} />
      </Wrapper>,
    );
    await open('Refresh checkout/staging');
    expect(
      screen.getByRole('radio', {
        name: /Look for new Freight now: Warehouse checkout checks its sources/,
      }),
    ).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message:
            'Kargo is looking for new Freight in checkout; new Freight appears here when it arrives',
          severity: 'success',
        }),
      ),
    );
    expect(api.refreshWarehouses).toHaveBeenCalledWith(request);
    expect(api.refreshStage).not.toHaveBeenCalled();
  });

  it('refreshes the Stage itself when chosen', async () => {
    const { api, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <RefreshButton stage={stage} />
      </Wrapper>,
    );
    await open('Refresh checkout/staging');
    await userEvent.click(
      screen.getByRole('radio', {
        name: /Refresh the Stage checkout\/staging/,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.refreshStage).toHaveBeenCalledWith(request));
    expect(api.refreshWarehouses).not.toHaveBeenCalled();
  });

  it("says Kargo's refusal in words", async () => {
    const api = fakeKargoApi({
      refreshWarehouses: jest
        .fn()
        .mockRejectedValue(
          new Error('warehouses.kargo.akuity.io "checkout" not found'),
        ),
    });
    const { alertApi, Wrapper } = createTestApis({ api });
    await renderInTestApp(
      <Wrapper>
        <RefreshButton stage={stage} />
      </Wrapper>,
    );
    await open('Refresh checkout/staging');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: expect.stringMatching(
            /^Refreshing checkout\/staging failed: .*"checkout" not found/,
          ),
          severity: 'error',
        }),
      ),
    );
  });

  it('is disabled with the reason when kargo.stage.refresh is denied', async () => {
    const { api, Wrapper } = createTestApis({
      permission: AuthorizeResult.DENY,
    });
    await renderInTestApp(
      <Wrapper>
        <RefreshButton stage={{ ...stage, instance: 'denied' }} />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: /Refresh/ });
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.hover(button.parentElement!);
    expect(
      await screen.findByText('You are not permitted to refresh this Stage.'),
    ).toBeVisible();
    expect(api.refreshWarehouses).not.toHaveBeenCalled();
  });

  it('speaks German', async () => {
    const { Wrapper } = createTestApis({ extraApis: germanApis() });
    await renderInTestApp(
      <Wrapper>
        <RefreshButton stage={{ ...stage, instance: 'german' }} />
      </Wrapper>,
    );
    await open('checkout/staging aktualisieren');
    expect(
      screen.getByRole('radio', {
        name: /Jetzt nach neuer Freight suchen: Warehouse checkout/,
      }),
    ).toBeChecked();
  });
});
