import { test, expect } from '@playwright/test';
import { historyTable, openComponent, signIn, stageSection } from './support';

test('a user who picks Deutsch in Settings gets the Kargo tab in German', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings');
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();

  await openComponent(page, 'checkout-service');
  await page
    .getByRole('navigation', { name: 'Content navigation' })
    .getByRole('link', { name: 'Kargo', exact: true })
    .click();
  const staging = stageSection(page, 'checkout/staging');
  await expect(
    staging.getByRole('heading', { name: 'Verifizierungsverlauf' }),
  ).toBeVisible();
  await expect(
    staging.getByRole('button', { name: 'Erneut verifizieren' }),
  ).toBeVisible();
  await expect(
    staging.getByText('Veraltet', { exact: true }).first(),
  ).toBeVisible();
  await expect(historyTable(staging)).toContainText('Dauer');
});
