import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { createTestApis } from '../../__testUtils__/testApis';
import { PromotionTimeline } from '../PromotionTimeline';
import { PromotionSteps } from './PromotionSteps';

const SHA = '4f2c9a1e0b7d3c5a8e6f1b2d4c7a9e0f3b5d8c1a';
const step = {
  startedAt: '2026-12-01T09:00:02Z',
  finishedAt: '2026-12-01T09:00:04Z',
  message: null,
  links: [],
};

const failed: PromotionTimelineEntry = {
  name: 'prod.01j.abc1234',
  freight: { name: 'abc1234', alias: 'bold-fox' },
  actor: 'user:default/alice',
  createdAt: '2026-12-01T09:00:00Z',
  startedAt: '2026-12-01T09:00:01Z',
  finishedAt: '2026-12-01T09:10:00Z',
  phase: 'Failed',
  message: 'step "wait-for-pr" failed: pull request 41 was closed',
  failedStep: null,
  currentStep: null,
  pullRequest: null,
  verification: null,
  steps: [
    { ...step, alias: 'step-1', uses: 'git-clone', status: 'Succeeded' },
    {
      ...step,
      alias: 'push',
      uses: 'git-push',
      status: 'Succeeded',
      commit: {
        id: SHA,
        url: `https://github.com/acme/checkout/commit/${SHA}`,
      },
      branch: 'kargo/promotion/prod.01j.abc1234',
    },
    {
      ...step,
      alias: 'open-pr',
      uses: 'git-open-pr',
      status: 'Succeeded',
      pullRequest: {
        url: 'https://github.com/acme/checkout/pull/41',
        number: 41,
      },
      links: [
        { url: 'https://jira.acme.example/browse/OPS-7', label: 'OPS-7' },
        { url: 'https://grafana.acme.example/d/1', label: null },
      ],
    },
    {
      ...step,
      alias: 'wait-for-pr',
      uses: 'git-wait-for-pr',
      status: 'Failed',
      message: 'pull request 41 was closed without being merged',
      errorCount: 2,
    },
    {
      alias: 'step-5',
      uses: 'argocd-update',
      status: null,
      startedAt: null,
      finishedAt: null,
      message: null,
      links: [],
    },
  ],
};

const rowOf = (alias: string) =>
  screen.getByRole('cell', { name: alias }).closest('tr') as HTMLElement;

describe('PromotionSteps', () => {
  it('opens a Promotion of the timeline to every step, with its outputs and links', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromotionTimeline
          stage={{
            instance: 'sandbox',
            project: 'checkout',
            name: 'prod',
            promotions: [failed],
          }}
        />
      </Wrapper>,
    );
    expect(screen.queryByText('git-open-pr')).not.toBeInTheDocument();
    // The links its steps emitted are inline on the Promotion's row.
    expect(screen.getByRole('link', { name: /^OPS-7/ })).toHaveAttribute(
      'href',
      'https://jira.acme.example/browse/OPS-7',
    );
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Every step of prod.01j.abc1234',
      }),
    );
    const steps = screen.getByRole('table', {
      name: 'Steps of prod.01j.abc1234',
    });
    expect(
      within(steps)
        .getAllByRole('row')
        .slice(1)
        .map(r => within(r).getAllByRole('cell')[0].textContent),
    ).toEqual(['step-1', 'push', 'open-pr', 'wait-for-pr', 'step-5']);

    // When a step started, and how long it took.
    expect(within(rowOf('push')).getByText('took 2 sec')).toBeInTheDocument();
    expect(
      within(rowOf('push')).getByRole('link', { name: /^commit 4f2c9a1/ }),
    ).toHaveAttribute('href', `https://github.com/acme/checkout/commit/${SHA}`);
    expect(
      within(rowOf('push')).getByText(
        'branch kargo/promotion/prod.01j.abc1234',
      ),
    ).toBeInTheDocument();

    const openPr = rowOf('open-pr');
    expect(within(openPr).getByRole('link', { name: /^#41/ })).toHaveAttribute(
      'href',
      'https://github.com/acme/checkout/pull/41',
    );
    expect(
      within(openPr).getByRole('link', { name: /^OPS-7/ }),
    ).toHaveAttribute('href', 'https://jira.acme.example/browse/OPS-7');
    // A link without a label is named by its host.
    expect(
      within(openPr).getByRole('link', { name: /^grafana\.acme\.example/ }),
    ).toBeInTheDocument();

    const wait = rowOf('wait-for-pr');
    expect(within(wait).getByText('Failed')).toBeInTheDocument();
    expect(
      within(wait).getByText('pull request 41 was closed without being merged'),
    ).toBeInTheDocument();
    expect(within(wait).getByText('2 failed attempts')).toBeInTheDocument();

    expect(within(rowOf('step-5')).getByText('Not run')).toBeInTheDocument();
  });

  it('says a step of a running Promotion is waiting, and when none was recorded', async () => {
    await renderInTestApp(
      <>
        <PromotionSteps promotion={{ ...failed, phase: 'Running' }} />
        <PromotionSteps promotion={{ ...failed, name: 'old', steps: [] }} />
      </>,
    );
    expect(within(rowOf('step-5')).getByText('Waiting')).toBeInTheDocument();
    expect(
      screen.getByText('Kargo recorded no steps for this Promotion.'),
    ).toBeInTheDocument();
  });
});
