import { test, expect } from '@playwright/test';

test('a guest signs in and sees the demo components in the catalog', async ({
  page,
}) => {
  // The first visit waits for the dev server's first bundle.
  await page.goto('/', { timeout: 180_000 });
  await page.getByRole('button', { name: 'Enter' }).click({ timeout: 120_000 });
  const nav = page.getByRole('navigation', { name: 'sidebar nav' });
  await expect(
    nav.getByRole('link', { name: 'Catalog', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'checkout-service' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'payments-api' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'legacy-batch' })).toBeVisible();
});
