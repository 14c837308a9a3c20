import { test, expect, type Page } from '@playwright/test';
import { signIn } from './support';

/** The Kargo filter of the catalog index page. */
function kargoFilter(page: Page) {
  return page.getByRole('group', { name: 'Kargo' });
}

async function choosePhase(page: Page, phase: string) {
  await page.getByRole('button', { name: /^Verification\b/ }).click();
  await page.getByRole('option', { name: phase, exact: true }).click();
  // The menu leaves with a transition: until it is gone, its listbox is a
  // second element labelled "Verification" (a quick next choice found both).
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('the catalog filters components and Stage resources by Kargo verification and pull requests', async ({
  page,
}) => {
  await signIn(page);
  const link = (name: string) => page.getByRole('link', { name, exact: true });
  await expect(link('checkout-service')).toBeVisible({ timeout: 60_000 });
  await expect(kargoFilter(page)).toBeVisible();

  // Components roll up their Stages: payments/qa's current verification Failed.
  await choosePhase(page, 'Failed');
  await expect(link('payments-api')).toBeVisible();
  await expect(link('checkout-service')).toBeHidden();
  await expect(link('legacy-batch')).toBeHidden();
  expect(page.url()).toContain('filters%5Bkargo%5D=phase%3AFailed');

  // Orphaned PRs: checkout/prod (#41) and payments/prod (!7); storefront only
  // names staging and uat, and legacy-batch names no project.
  await choosePhase(page, 'Any');
  await kargoFilter(page).getByLabel('Orphaned pull requests').check();
  await expect(link('checkout-service')).toBeVisible();
  await expect(link('payments-api')).toBeVisible();
  await expect(link('storefront')).toBeHidden();
  await expect(link('legacy-batch')).toBeHidden();
  await kargoFilter(page).getByLabel('Orphaned pull requests').uncheck();

  // kargo-stage Resources: the stale Stage is found by "Stale", and a Stage
  // whose current verification succeeded is not among the Failed ones.
  await page.goto('/?filters%5Bkind%5D=resource&filters%5Buser%5D=all');
  await kargoFilter(page).getByLabel('Stale verification history').check();
  await expect(
    page.getByRole('link', { name: /staging/ }).first(),
  ).toBeVisible();
  await kargoFilter(page).getByLabel('Stale verification history').uncheck();
  await choosePhase(page, 'Failed');
  await expect(page.getByRole('link', { name: /qa/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /staging/ })).toHaveCount(0);
});
