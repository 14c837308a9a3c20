/*
 * A Stage owner's day on the Kargo tab (issue 33): approving Freight for a
 * Stage from the Promote dialog, as the signed-in person through Kargo's
 * API. What Kargo recorded is read back from the sandbox's Kubernetes API.
 */
import { test, expect } from '@playwright/test';
import {
  openKargoTab,
  sandboxGet,
  SANDBOX_ADMIN_TOKEN,
  SANDBOX_URL,
  stageSection,
} from './support';

const FREIGHT = '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/freights';

let approved: string | undefined;

test('alice approves Freight for checkout/prod from the Promote dialog, and Kargo lists it as approved for prod', async ({
  page,
}) => {
  await openKargoTab(page, 'checkout-service', 'alice');
  const prod = stageSection(page, 'checkout/prod');
  await prod.getByRole('button', { name: 'Promote', exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Promote Freight into checkout/prod',
  });
  // A Freight Kargo does not offer prod yet: approve it there.
  const approve = dialog
    .getByRole('button', { name: /^Approve \S+ for checkout\/prod$/ })
    .first();
  await expect(approve).toBeEnabled();
  const alias = (await approve.getAttribute('aria-label'))!.split(' ')[1];
  await approve.click();
  const confirm = page.getByRole('dialog', {
    name: `Approve ${alias} for checkout/prod?`,
  });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    page.getByText(`Kargo approved ${alias} for checkout/prod`),
  ).toBeVisible();

  // Kargo holds the approval on the Freight ...
  const freight = (await sandboxGet<{ items: any[] }>(FREIGHT)).items.find(
    f => f.alias === alias || f.metadata.name === alias,
  );
  approved = freight.metadata.name;
  expect(Object.keys(freight.status?.approvedFor ?? {})).toContain('prod');
  // ... and the dialog, read again, offers it to prod.
  await expect(
    dialog.getByRole('radio', { name: new RegExp(alias) }),
  ).toBeEnabled({ timeout: 30_000 });
});

// Kargo has no "unapprove": the test takes the approval back through the
// sandbox's Kubernetes API, so the demo stays as the other tests expect it.
test.afterEach(async () => {
  if (!approved) return;
  const res = await fetch(`${SANDBOX_URL}${FREIGHT}/${approved}/status`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`,
      'Content-Type': 'application/merge-patch+json',
    },
    body: JSON.stringify({ status: { approvedFor: { prod: null } } }),
  });
  if (!res.ok) throw new Error(`unapprove ${approved}: ${res.status}`);
  approved = undefined;
});

test("the Promote dialog says what promoting a Freight would change from checkout/prod's current one, with GitHub's compare page", async ({
  page,
}) => {
  await openKargoTab(page, 'checkout-service', 'alice');
  const prod = stageSection(page, 'checkout/prod');
  await prod.getByRole('button', { name: 'Promote', exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Promote Freight into checkout/prod',
  });
  // The current Freight shows what it holds, its commit linked on GitHub.
  const contents = dialog.getByRole('list', { name: 'What the Freight holds' });
  await expect(contents.getByRole('link').first()).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/acme\/checkout-deploy\/commit\/[0-9a-f]{40}$/,
  );
  // Another Freight says image a -> b and the commit range.
  const changes = dialog
    .getByRole('list', { name: /^What promoting \S+ changes$/ })
    .first();
  await expect(changes).toContainText(
    /ghcr\.io\/acme\/checkout: v[\d.]+ → v[\d.]+/,
  );
  await expect(changes.getByRole('link', { name: /^compare/ })).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/acme\/checkout-deploy\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/,
  );
});
