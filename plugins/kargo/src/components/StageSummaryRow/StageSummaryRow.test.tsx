import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  brokenStage,
  prodWithOrphan,
  runningTest,
  staleStaging,
} from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { StageSummaryRow } from './StageSummaryRow';

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

  it('counts open PRs, and says when a Promotion waits on one', async () => {
    const { Wrapper } = createTestApis();
    const { rerender } = await renderInTestApp(
      <Wrapper>
        <StageSummaryRow
          stage={prodWithOrphan}
          title="checkout/prod"
          onExpand={() => {}}
        />
      </Wrapper>,
    );
    expect(screen.getByText('2 open PRs')).toBeVisible();
    rerender(
      <Wrapper>
        <StageSummaryRow
          stage={{
            ...prodWithOrphan,
            waitingOnPullRequest: {
              promotion: 'prod.01jd42',
              number: 42,
              url: 'https://github.com/acme/checkout-deploy/pull/42',
              since: '2026-11-27T10:00:00Z',
            },
          }}
          title="checkout/prod"
          onExpand={() => {}}
        />
      </Wrapper>,
    );
    expect(screen.getByText('Waiting on PR #42')).toBeVisible();
    expect(screen.queryByText('2 open PRs')).not.toBeInTheDocument();
  });

  it('says when there is no Freight, a running verification, and an unreadable Stage', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageSummaryRow
          stage={brokenStage}
          title="checkout/broken"
          onExpand={() => {}}
        />
        <StageSummaryRow
          stage={runningTest}
          title="checkout/test"
          onExpand={() => {}}
        />
      </Wrapper>,
    );
    expect(screen.getByText('No freight')).toBeVisible();
    expect(screen.getByText('This Stage could not be read')).toBeVisible();
    expect(screen.getByText('Verification: Running')).toBeVisible();
  });

  it('speaks German', async () => {
    const { Wrapper } = createTestApis({ extraApis: germanApis() });
    await renderInTestApp(
      <Wrapper>
        <StageSummaryRow
          stage={{
            ...prodWithOrphan,
            waitingOnPullRequest: {
              promotion: 'prod.01jd42',
              number: 42,
              url: null,
              since: null,
            },
          }}
          title="checkout/prod"
          onExpand={() => {}}
        />
      </Wrapper>,
    );
    expect(
      screen.getByRole('button', { name: 'Details zeigen' }),
    ).toBeVisible();
    expect(screen.getByText('Freight: brave-otter')).toBeVisible();
    expect(screen.getByText('Wartet auf PR #42')).toBeVisible();
  });
});
