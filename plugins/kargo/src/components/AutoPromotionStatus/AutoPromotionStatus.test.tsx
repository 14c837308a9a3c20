import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { staleStaging } from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { formatDateTime } from '../../utils/format';
import { PromoteButton } from '../PromoteButton';
import { StageSummaryRow } from '../StageSummaryRow';

const SINCE = '2026-12-04T10:00:00Z';
const hold = {
  origin: 'Warehouse/checkout',
  warehouse: 'checkout',
  freight: 'f1',
  promotion: 'staging.01jhold.f1',
  actor: 'email:alice@acme.example',
  since: SINCE,
};
const option = (name: string, alias: string, available: boolean) => ({
  name,
  alias,
  origin: 'Warehouse/checkout',
  createdAt: null,
  available,
  reason: available ? 'Verified in dev' : 'Not verified in dev yet',
  approved: false,
  current: false,
});
const held: StageDetail = {
  ...staleStaging,
  autoPromotion: { enabled: true, holds: [hold] },
  freightOptions: [
    option('f3', 'new-owl', false),
    option('f2', 'calm-heron', true),
    option('f1', 'old-fox', true),
  ],
};

async function renderRow(stage: StageDetail, german = false) {
  const { Wrapper } = createTestApis(
    german ? { extraApis: germanApis() } : undefined,
  );
  await renderInTestApp(
    <Wrapper>
      <StageSummaryRow
        stage={stage}
        title="checkout/staging"
        onExpand={jest.fn()}
      />
    </Wrapper>,
  );
}

describe('auto-promotion in words', () => {
  it('says on the Stage row what holds auto-promotion: origin, since when, by which Promotion and whom', async () => {
    await renderRow(held);
    expect(
      screen.getByText(
        `Auto-promotion paused for checkout since ${formatDateTime(
          SINCE,
          'en',
        )} by Promotion staging.01jhold.f1 (email:alice@acme.example)`,
      ),
    ).toBeVisible();
  });

  it('says a Stage auto-promotes when nothing holds it, and nothing for a Stage Kargo does not auto-promote into', async () => {
    await renderRow({ ...held, autoPromotion: { enabled: true, holds: [] } });
    expect(screen.getByText('Auto-promotes')).toBeVisible();
  });

  it('says nothing about auto-promotion for a Stage Kargo does not auto-promote into', async () => {
    await renderRow(staleStaging);
    expect(screen.queryByText(/Auto-promot/)).not.toBeInTheDocument();
  });

  it('speaks German on the row', async () => {
    await renderRow(held, true);
    expect(
      screen.getByText(
        /^Automatische Promotion für checkout angehalten seit .* durch Promotion staging\.01jhold\.f1/,
      ),
    ).toBeVisible();
  });

  it('warns in the Promote dialog that promoting other than the newest Freight pauses auto-promotion, and that the newest resumes it', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PromoteButton stage={held} />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    // The newest available Freight (calm-heron) is preselected: it resumes.
    expect(screen.getByRole('note')).toHaveTextContent(
      'Promoting the newest Freight from checkout resumes auto-promotion for checkout.',
    );
    await userEvent.click(screen.getByRole('radio', { name: /old-fox/ }));
    expect(screen.getByRole('note')).toHaveTextContent(
      "Kargo auto-promotes into this Stage. Promoting this Freight instead of calm-heron, the newest from checkout, pauses auto-promotion for checkout until checkout's newest Freight is promoted here.",
    );
  });
});
