import { test, expect } from '@playwright/test';

test('a guest signs in and sees the demo components in the catalog', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter' }).click();
  const nav = page.getByRole('navigation', { name: 'sidebar nav' });
  await expect(nav.getByRole('link', { name: 'Catalog', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'checkout-service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'payments-api' })).toBeVisible();
});
