import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import {
  brokenStage,
  prodWithOrphan,
  runningTest,
  staleStaging,
} from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { StageSummaryRow } from './StageSummaryRow';

/** checkout/prod while its Promotion waits for PR #42. */
const waitingProd = {
  ...prodWithOrphan,
  waitingOnPullRequest: {
    promotion: 'prod.01jd42',
    number: 42,
    url: 'https://github.com/acme/checkout-deploy/pull/42',
    provider: 'github',
    since: '2026-11-27T10:00:00Z',
  },
};

describe('StageSummaryRow', () => {
  it('shows the Stage, its Freight, phase, health and verification in words, and a collapsed expand button', async () => {
    const onExpand = jest.fn();
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageSummaryRow
          stage={staleStaging}
          title="checkout/staging"
          onExpand={onExpand}
        />
      </Wrapper>,
    );
    expect(
      screen.getByRole('heading', { name: 'checkout/staging' }),
    ).toBeVisible();
    expect(screen.getByText('Freight: brave-otter')).toBeVisible();
    expect(screen.getByText('Phase: Ready')).toBeVisible();
    expect(screen.getByText('Health: Healthy')).toBeVisible();
    expect(screen.getByText('Verification: Successful')).toBeVisible();
    expect(screen.queryByText(/open PR/)).not.toBeInTheDocument();
    const expand = screen.getByRole('button', { name: 'Show details' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: focus the button and press Enter.
    expand.focus();
    await userEvent.keyboard('{Enter}');
    expect(onExpand).toHaveBeenCalledTimes(1);
  });

  /** Rows of the Stages, titled `checkout/<name>`, in the given language. */
  async function renderRows(
    stages: StageDetail[],
    extraApis?: ReturnType<typeof germanApis>,
  ) {
    const { Wrapper } = createTestApis({ extraApis });
    const rows = (list: StageDetail[]) => (
      <Wrapper>
        {list.map(stage => (
          <StageSummaryRow
            key={stage.name}
            stage={stage}
            title={`checkout/${stage.name}`}
            onExpand={() => {}}
          />
        ))}
      </Wrapper>
    );
    const { rerender } = await renderInTestApp(rows(stages));
    return (next: StageDetail[]) => rerender(rows(next));
  }

  it('counts open PRs, and says when a Promotion waits on one', async () => {
    const rerender = await renderRows([prodWithOrphan]);
    expect(screen.getByText('2 open PRs')).toBeVisible();
    rerender([waitingProd]);
    expect(screen.getByText('Waiting on PR #42')).toBeVisible();
    expect(screen.queryByText('2 open PRs')).not.toBeInTheDocument();
  });

  it('says the PRs are not known yet before the first listing, never 0', async () => {
    await renderRows([
      { ...prodWithOrphan, openPullRequests: 0, pullRequestsPending: true },
    ]);
    expect(screen.getByText('PRs not known yet')).toBeVisible();
    expect(screen.queryByText(/open PR/)).not.toBeInTheDocument();
  });

  it("says a GitLab merge request in GitLab's words", async () => {
    await renderRows([
      {
        ...waitingProd,
        waitingOnPullRequest: {
          ...waitingProd.waitingOnPullRequest,
          number: 7,
          url: 'https://gitlab.example.com/acme/checkout/-/merge_requests/7',
          provider: 'gitlab',
        },
      },
    ]);
    expect(screen.getByText('Waiting on merge request !7')).toBeVisible();
    expect(screen.queryByText(/PR #7/)).not.toBeInTheDocument();
  });

  it('says when there is no Freight, a running verification, and an unreadable Stage', async () => {
    await renderRows([brokenStage, runningTest]);
    expect(screen.getByText('No freight')).toBeVisible();
    expect(screen.getByText('This Stage could not be read')).toBeVisible();
    expect(screen.getByText('Verification: Running')).toBeVisible();
  });

  it('speaks German', async () => {
    await renderRows([waitingProd], germanApis());
    expect(
      screen.getByRole('button', { name: 'Details zeigen' }),
    ).toBeVisible();
    expect(screen.getByText('Freight: brave-otter')).toBeVisible();
    expect(screen.getByText('Wartet auf PR #42')).toBeVisible();
  });
});
