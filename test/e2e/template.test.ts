import { test, expect } from '@playwright/test';
import { sandboxGet, settleStagingPromotions, signIn } from './support';

const PROMOTIONS =
  '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions';

test('the "Promote freight with Kargo" template promotes, returns the PR and the Promotion exists', async ({
  page,
}) => {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'sidebar nav' })
    .getByRole('link', { name: 'Create' })
    .click();
  const card = page
    .getByRole('article')
    .filter({ hasText: 'Promote freight with Kargo' });
  await card.getByRole('button', { name: 'Choose' }).click();

  // Step 1: what to promote (the template's defaults fit the demo), as whom:
  // the KargoIdentity field hands alice's Kargo sign-in to the task.
  await expect(
    page.getByText(/^You: the task acts in Kargo with your Kargo SSO sign-in/),
  ).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'Kargo project' }),
  ).toHaveValue('checkout');
  await expect(page.getByRole('textbox', { name: 'Stage' })).toHaveValue(
    'staging',
  );
  await expect(page.getByRole('textbox', { name: 'Freight' })).toHaveValue(
    'calm-heron',
  );
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the Stage to verify again. (No pull request page: the action
  // takes repository and branches from the Stage's git-open-pr step.)
  await expect(
    page.getByRole('textbox', { name: 'Stage to verify again' }),
  ).toHaveValue('dev');
  await page.getByRole('button', { name: 'Review' }).click();

  // Review, then run it.
  await expect(page.getByText('calm-heron')).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/create\/tasks\//);

  // The task ends (its output is rendered then) with the Promotion and the PR.
  const output = page
    .getByRole('heading', { name: 'Kargo', exact: true })
    .locator('xpath=ancestor::*[contains(@class, "MuiCard-root")][1]');
  await expect(output).toContainText(/Promotion staging\.\S+ created/, {
    timeout: 120_000,
  });
  // The output above renders only once the task has finished; each of the
  // three steps is listed with its duration (Backstage 1.55's task page has
  // no Cancel/Start Over buttons to look at).
  for (const step of [
    'Promote',
    'Open or reclaim the pull request',
    'Verify again',
  ]) {
    await expect(
      page.getByRole('button', {
        name: new RegExp(`^${step} \\d+ (second|minute)`),
      }),
    ).toBeVisible();
  }
  const promotion = (
    await output
      .getByText(/^staging\./)
      .first()
      .innerText()
  ).trim();
  expect(promotion).toMatch(/^staging\.[0-9a-z]{26}\.8a7861b$/);
  await expect(output).toContainText(/Pull request #\d+ \(reclaimed\)/);
  const prLink = page.getByRole('link', { name: /^Pull request\b/ });
  await expect(prLink).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/acme\/checkout-deploy\/pull\/\d+$/,
  );
  const prUrl = (await prLink.getAttribute('href'))!;
  await expect(output).toContainText(
    `Pull request #${prUrl.split('/').pop()} (reclaimed)`,
  );
  await expect(output).toContainText(/Verification \S+ of Stage dev/);

  // The sandbox has the Promotion, for calm-heron into staging, and it
  // recorded the same pull request.
  const promotions = await sandboxGet<{ items: any[] }>(PROMOTIONS);
  const created = promotions.items.find(p => p.metadata.name === promotion);
  expect(created, `Promotion ${promotion} in the sandbox`).toBeTruthy();
  expect(created.spec.stage).toBe('staging');
  expect(created.spec.freight).toMatch(/^8a7861b/);
  expect(created.status?.state?.['open-pr']?.pr?.url).toBe(prUrl);
  // Kargo recorded the person who ran the template, not the portal.
  expect(created.metadata.annotations?.['kargo.akuity.io/create-actor']).toBe(
    'email:alice@example.com',
  );
});

// The Promotion waits for its PR forever: end it, so staging can verify again.
test.afterEach(async () => {
  await settleStagingPromotions();
});
