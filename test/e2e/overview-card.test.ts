import { test, expect } from '@playwright/test';
import {
  openComponent,
  overviewCard,
  overviewCardRow,
  signIn,
} from './support';

test('the overview card lists the Stages with their verification phase and open PRs', async ({
  page,
}) => {
  await signIn(page);
  await openComponent(page, 'checkout-service');

  const card = overviewCard(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await expect(card.getByRole('columnheader')).toHaveText([
    'Stage',
    'Verification',
    'Open PRs',
    'Actions',
  ]);

  const row = (stage: string) => overviewCardRow(card, stage);
  for (const stage of ['checkout/dev', 'checkout/staging', 'checkout/prod']) {
    await expect(row(stage)).toBeVisible();
    await expect(
      row(stage).getByRole('button', { name: 'Reverify' }),
    ).toBeVisible();
  }

  // Phase of the current verification; the stale chip where Kargo's record lies.
  await expect(row('checkout/dev').getByRole('cell').nth(1)).toHaveText(
    'Successful',
  );
  await expect(row('checkout/staging').getByRole('cell').nth(1)).toHaveText(
    /^(Pending|Running|Successful)\s*Stale$/,
  );
  await expect(row('checkout/dev').getByRole('cell').nth(1)).not.toContainText(
    'Stale',
  );

  // Open pull requests: #41 (orphaned) and #42 on prod, none on dev. The
  // demo template opens more on staging, so only its format is fixed.
  await expect(row('checkout/prod').getByRole('cell').nth(2)).toHaveText(
    '2 open PRs',
  );
  await expect(row('checkout/dev').getByRole('cell').nth(2)).toHaveText(
    '0 open PRs',
  );
  await expect(row('checkout/staging').getByRole('cell').nth(2)).toHaveText(
    /^\d+ open PRs?$/,
  );
});
