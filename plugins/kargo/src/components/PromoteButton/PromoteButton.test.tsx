import { ResponseError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { staleStaging } from '../../__fixtures__/stages';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { createTestApis } from '../../__testUtils__/testApis';
import { PromoteButton } from './PromoteButton';

const option = (
  name: string,
  alias: string,
  available: boolean,
  extra = {},
) => ({
  name,
  alias,
  origin: 'Warehouse/checkout',
  createdAt: null,
  available,
  reason: available
    ? `Freight "${alias}" is verified in dev`
    : `Freight "${alias}" must be verified in at least one upstream Stage (dev) to be available to Stage "staging"`,
  approved: false,
  current: false,
  ...extra,
});

const stage: StageDetail = {
  ...staleStaging,
  freightOptions: [
    option('f3', 'new-owl', false),
    option('f2', 'calm-heron', true),
    option('f1', 'old-fox', true, { current: true, approved: true }),
  ],
};

/** Renders the button for `stage`, waits until it is enabled and opens it. */
async function openPromoteDialog(
  Wrapper: ReturnType<typeof createTestApis>['Wrapper'],
) {
  await renderInTestApp(
    <Wrapper>
      <PromoteButton stage={stage} />
    </Wrapper>,
  );
  const button = await screen.findByRole('button', { name: 'Promote' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

describe('PromoteButton', () => {
  it('promotes the Freight chosen among the available ones, after confirmation', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await openPromoteDialog(Wrapper);
    const dialog = screen.getByRole('dialog', {
      name: 'Promote Freight into checkout/staging',
    });
    expect(dialog).toBeVisible();
    // Not available: shown with Kargo's reason, and not selectable.
    expect(screen.getByRole('radio', { name: /new-owl/ })).toBeDisabled();
    expect(
      screen.getByText(/must be verified in at least one upstream Stage/),
    ).toBeVisible();
    // The newest available Freight the Stage does not hold is preselected.
    expect(screen.getByRole('radio', { name: /calm-heron/ })).toBeChecked();
    expect(screen.getByText('approved')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /old-fox/ }));
    expect(api.promote).not.toHaveBeenCalled();
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Promote' }).pop()!,
    );
    await waitFor(() =>
      expect(api.promote).toHaveBeenCalledWith({
        project: 'checkout',
        stage: 'staging',
        instance: 'production',
        freight: 'f1',
      }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message:
            'Promotion staging.01jpromotion.f1 created for checkout/staging',
          severity: 'success',
        }),
      ),
    );
  });

  it('offers "Approve for <Stage>" on a Freight not available, and approves it after confirmation', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await openPromoteDialog(Wrapper);
    // Only the Freight Kargo does not offer the Stage can be approved.
    expect(
      screen.getAllByRole('button', {
        name: /^Approve .* for checkout\/staging$/,
      }),
    ).toHaveLength(1);
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Approve new-owl for checkout/staging',
      }),
    );
    const confirm = screen.getByRole('dialog', {
      name: 'Approve new-owl for checkout/staging?',
    });
    expect(confirm).toHaveTextContent(
      'without its verification in the upstream Stages',
    );
    expect(api.approveFreight).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.approveFreight).toHaveBeenCalledWith({
        project: 'checkout',
        stage: 'staging',
        instance: 'production',
        freight: 'f3',
      }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Kargo approved new-owl for checkout/staging',
          severity: 'success',
        }),
      ),
    );
    expect(api.promote).not.toHaveBeenCalled();
  });

  it('opens for approving when nothing is available but the user may approve', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromoteButton
          stage={{ ...stage, freightOptions: [option('f3', 'new-owl', false)] }}
        />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(
      screen.getByRole('button', {
        name: 'Approve new-owl for checkout/staging',
      }),
    ).toBeVisible();
  });

  it('warns of a Freight re-verified with a failure upstream, which Kargo still offers (akuity/kargo#5144)', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromoteButton
          stage={{
            ...stage,
            freightOptions: [
              option('f2', 'calm-heron', true, {
                reverifiedFailed: [
                  {
                    stage: 'uat',
                    verifiedAt: '2026-12-01T09:00:00Z',
                    reverifiedAt: '2026-12-02T09:00:00Z',
                    phase: 'Failed',
                    metric: 'error-rate',
                  },
                ],
              }),
            ],
          }}
        />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Verified in uat on .+, but re-verified there on .+: Failed \(metric error-rate\)\. Kargo still offers it\.$/,
    );
  });

  it("words a refused promote from the backend's reason code", async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    (api.promote as jest.Mock).mockRejectedValueOnce(
      await ResponseError.fromResponse(
        new Response(
          JSON.stringify({
            error: {
              name: 'InputError',
              message: 'the English sentence of a newer backend',
              code: 'noPromotionSteps',
              params: { stage: 'staging' },
            },
            response: { statusCode: 400 },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    await openPromoteDialog(Wrapper);
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Promote' }).pop()!,
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message:
            'Promotion into checkout/staging failed: Stage staging has no promotion steps, so Freight cannot be promoted into it',
          severity: 'error',
        }),
      ),
    );
  });

  it('is disabled with the reason when the user may not promote', async () => {
    const { Wrapper } = createTestApis({ permission: AuthorizeResult.DENY });
    await renderInTestApp(
      <Wrapper>
        <PromoteButton stage={{ ...stage, instance: 'denied' }} />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.hover(button.parentElement!);
    expect(
      (
        await screen.findByText(
          'You are not permitted to promote into this Stage.',
        )
      ).closest('[role="tooltip"]'),
    ).toBeVisible();
  });

  it('is disabled with the reason when no Freight is available and none can be approved here', async () => {
    const { Wrapper } = createTestApis({
      api: fakeKargoApi({ approveFreight: undefined }),
    });
    await renderInTestApp(
      <Wrapper>
        <PromoteButton
          stage={{
            ...stage,
            instance: 'none',
            freightOptions: [option('f3', 'new-owl', false)],
          }}
        />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() =>
      expect(button.parentElement).toHaveAttribute(
        'aria-label',
        'Promote: No Freight is available to this Stage now.',
      ),
    );
    expect(button).toBeDisabled();
  });
});
