import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { createTestApis } from '../../__testUtils__/testApis';
import { PromotionTimeline } from './PromotionTimeline';

const where = { instance: 'sandbox', project: 'payments', name: 'uat' };

const base: PromotionTimelineEntry = {
  name: 'prod.01j.abc1234',
  freight: { name: 'abc1234', alias: 'bold-fox' },
  actor: 'user:default/alice',
  createdAt: '2026-12-01T09:00:00Z',
  startedAt: '2026-12-01T09:00:01Z',
  finishedAt: null,
  phase: 'Running',
  message: null,
  failedStep: null,
  currentStep: null,
  pullRequest: null,
  verification: null,
};

describe('PromotionTimeline', () => {
  it('shows the failed step with its message, who promoted, the PR and the verification', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromotionTimeline
          stage={{
            ...where,
            promotions: [
              {
                ...base,
                phase: 'Failed',
                failedStep: {
                  alias: 'wait-for-pr',
                  uses: 'git-wait-for-pr',
                  status: 'Failed',
                  message: 'no PR number found in output from step "open-pr"',
                  startedAt: null,
                },
              },
              {
                ...base,
                name: 'prod.01i.def5678',
                phase: 'Succeeded',
                pullRequest: {
                  url: 'https://github.com/acme/app/pull/41',
                  number: 41,
                  state: 'merged',
                },
                verification: {
                  phase: 'Successful',
                  analysisRun: 'run-1',
                  stale: false,
                },
              },
            ],
          }}
        />
      </Wrapper>,
    );
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]).getByText(
        'wait-for-pr: no PR number found in output from step "open-pr"',
      ),
    ).toBeInTheDocument();
    expect(within(rows[0]).getByText('user:default/alice')).toBeInTheDocument();
    expect(
      within(rows[0]).getByRole('button', {
        name: /^Copy: wait-for-pr: no PR number/,
      }),
    ).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: /^#41/ })).toHaveAttribute(
      'href',
      'https://github.com/acme/app/pull/41',
    );
    expect(within(rows[1]).getByText('Successful')).toBeInTheDocument();
  });

  it('says when there are no Promotions', async () => {
    await renderInTestApp(
      <PromotionTimeline stage={{ ...where, promotions: [] }} />,
    );
    expect(screen.getByText('No Promotions yet')).toBeInTheDocument();
  });

  it('offers Retry on a failed Promotion only, and promotes its Freight again after confirmation', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromotionTimeline
          stage={{
            ...where,
            promotions: [
              { ...base, name: 'uat.01k.failed', phase: 'Failed' },
              { ...base, name: 'uat.01i.old', phase: 'Succeeded' },
              base,
            ],
          }}
        />
      </Wrapper>,
    );
    const retry = await screen.findByRole('button', {
      name: 'Retry Promotion uat.01k.failed',
    });
    expect(
      screen.getAllByRole('button', { name: /^Retry Promotion/ }),
    ).toHaveLength(1);
    await waitFor(() => expect(retry).toBeEnabled());
    await userEvent.click(retry);
    const dialog = screen.getByRole('dialog', {
      name: 'Retry Promotion uat.01k.failed?',
    });
    expect(dialog).toHaveTextContent(
      'Kargo will promote bold-fox into payments/uat again',
    );
    expect(api.promote).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Retry' }),
    );
    await waitFor(() =>
      expect(api.promote).toHaveBeenCalledWith({
        project: 'payments',
        stage: 'uat',
        instance: 'sandbox',
        freight: 'abc1234',
      }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({ severity: 'success' }),
      ),
    );
  });

  it('offers Abort on a running Promotion only, and aborts it after confirmation', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromotionTimeline
          stage={{
            ...where,
            promotions: [
              base,
              { ...base, name: 'uat.01i.old', phase: 'Succeeded' },
            ],
          }}
        />
      </Wrapper>,
    );
    const abort = await screen.findByRole('button', {
      name: 'Abort Promotion prod.01j.abc1234',
    });
    expect(
      screen.getAllByRole('button', { name: /^Abort Promotion/ }),
    ).toHaveLength(1);
    await waitFor(() => expect(abort).toBeEnabled());
    await userEvent.click(abort);
    const dialog = screen.getByRole('dialog', {
      name: 'Abort Promotion prod.01j.abc1234?',
    });
    expect(dialog).toHaveTextContent('the Stage keeps the Freight it has');
    expect(api.abortPromotion).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Abort Promotion' }),
    );
    await waitFor(() =>
      expect(api.abortPromotion).toHaveBeenCalledWith({
        project: 'payments',
        stage: 'uat',
        instance: 'sandbox',
        promotion: 'prod.01j.abc1234',
      }),
    );
    expect(alertApi.post).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Abort of Promotion prod.01j.abc1234 requested',
        severity: 'success',
      }),
    );
    // Asked once: not offered again while Kargo has not ended it.
    await waitFor(() => expect(abort).toBeDisabled());
  });

  it('disables Abort with the reason when the user may not promote into the Stage', async () => {
    const { api, Wrapper } = createTestApis({
      permission: AuthorizeResult.DENY,
    });
    await renderInTestApp(
      <Wrapper>
        {/* Another instance: permission answers are cached per resource. */}
        <PromotionTimeline
          stage={{ ...where, instance: 'denied', promotions: [base] }}
        />
      </Wrapper>,
    );
    const abort = await screen.findByRole('button', {
      name: 'Abort Promotion prod.01j.abc1234',
    });
    await waitFor(() =>
      expect(abort.parentElement).toHaveAttribute(
        'aria-label',
        'Abort Promotion prod.01j.abc1234: You are not permitted to abort Promotions into this Stage.',
      ),
    );
    expect(abort).toBeDisabled();
    expect(api.abortPromotion).not.toHaveBeenCalled();
  });

  it('disables Abort while an abort already asked for is pending', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromotionTimeline
          stage={{ ...where, promotions: [{ ...base, abortRequested: true }] }}
        />
      </Wrapper>,
    );
    const abort = await screen.findByRole('button', {
      name: 'Abort Promotion prod.01j.abc1234',
    });
    await waitFor(() =>
      expect(abort.parentElement).toHaveAttribute(
        'aria-label',
        'Abort Promotion prod.01j.abc1234: Abort requested; Kargo has not ended the Promotion yet.',
      ),
    );
  });
});
