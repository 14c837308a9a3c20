import { test, expect } from '@playwright/test';
import {
  chooseLanguage,
  clickKargoTab,
  historyTable,
  openComponent,
  signIn,
  stageSection,
} from './support';

test('a user who picks Deutsch in Settings gets the Kargo tab in German', async ({
  page,
}) => {
  await signIn(page);
  await chooseLanguage(page, 'Deutsch');

  await openComponent(page, 'checkout-service');
  await clickKargoTab(page);
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
