import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import {
  entityTabs,
  historyTable,
  openComponent,
  signIn,
  stageSection,
} from '../e2e/support';

/*
 * A create-app app that followed docs/install.md, with example-website
 * annotated as the guide shows (project checkout, stages staging and prod).
 */
const SCREENSHOT = join(__dirname, '../../docs/images/fresh-app-kargo-tab.png');

test('the fresh app shows the sandbox Stages on the overview card and the Kargo tab', async ({
  page,
}) => {
  await signIn(page);
  await openComponent(page, 'example-website');

  const card = page.getByRole('table', { name: 'Kargo' });
  await card.scrollIntoViewIfNeeded();
  for (const stage of ['checkout/staging', 'checkout/prod']) {
    await expect(
      card.getByRole('cell', { name: stage, exact: true }),
    ).toBeVisible();
  }
  // The annotation names staging and prod only.
  await expect(
    card.getByRole('cell', { name: 'checkout/dev', exact: true }),
  ).toHaveCount(0);

  await entityTabs(page)
    .getByRole('link', { name: 'Kargo', exact: true })
    .click();
  const staging = stageSection(page, 'checkout/staging');
  await expect(
    staging.getByRole('heading', { name: 'Verification history' }),
  ).toBeVisible();
  await expect(historyTable(staging).getByRole('row').nth(1)).toBeVisible();
  await expect(stageSection(page, 'checkout/prod')).toBeVisible();
  await page.screenshot({ path: SCREENSHOT });
});

test('the fresh app shows the Kargo tab in German when chosen under Settings', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings');
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();

  await openComponent(page, 'example-website');
  await entityTabs(page)
    .getByRole('link', { name: 'Kargo', exact: true })
    .click();
  const staging = stageSection(page, 'checkout/staging');
  await expect(
    staging.getByRole('heading', { name: 'Verifizierungsverlauf' }),
  ).toBeVisible();
  await expect(
    staging.getByRole('button', { name: 'Erneut verifizieren' }),
  ).toBeVisible();
});
