import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { PromotionTimeline } from './PromotionTimeline';

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
    await renderInTestApp(
      <PromotionTimeline
        stage={{
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
              pullRequest: { url: 'https://github.com/acme/app/pull/41', number: 41, state: 'merged' },
              verification: { phase: 'Successful', analysisRun: 'run-1', stale: false },
            },
          ],
        }}
      />,
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
    await renderInTestApp(<PromotionTimeline stage={{ promotions: [] }} />);
    expect(screen.getByText('No Promotions yet')).toBeInTheDocument();
  });
});
