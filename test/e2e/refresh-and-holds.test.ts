/*
 * Issue 33 items 2 and 7 on the demo, as alice: refreshing a Stage's
 * Warehouse through Kargo's API makes the sandbox's Warehouse discover the
 * release its sources published (v1.10.0), and the new Freight appears on
 * the open tab without a reload (the project's signals); the auto-promotion
 * hold on checkout/staging is said in words on its Stage.
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

let made: string | undefined;

test("alice refreshes checkout/dev's Warehouse and the new Freight appears on the tab", async ({
  page,
}) => {
  await openKargoTab(page, 'checkout-service', 'alice');
  const dev = stageSection(page, 'checkout/dev');
  const refresh = dev.getByRole('button', { name: 'Refresh checkout/dev' });
  await expect(refresh).toBeEnabled();
  await refresh.click();
  const dialog = page.getByRole('dialog', { name: 'Refresh checkout/dev?' });
  await expect(
    dialog.getByRole('radio', {
      name: /Look for new Freight now: Warehouse checkout/,
    }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(
    page.getByText(
      'Kargo is looking for new Freight in checkout; new Freight appears here when it arrives',
    ),
  ).toBeVisible();

  // Kargo (the sandbox's Warehouse) made Freight of the published release ...
  const started = Date.now();
  await expect
    .poll(
      async () =>
        (
          await sandboxGet<{ items: any[] }>(FREIGHT)
        ).items.find(f => f.images?.[0]?.tag === 'v1.10.0')?.alias,
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const freight = (await sandboxGet<{ items: any[] }>(FREIGHT)).items.find(
    f => f.images?.[0]?.tag === 'v1.10.0',
  );
  made = freight.metadata.name;

  // ... and the tab, not reloaded, offers it to dev in the Promote dialog.
  await dev.getByRole('button', { name: 'Promote', exact: true }).click();
  const promote = page.getByRole('dialog', {
    name: 'Promote Freight into checkout/dev',
  });
  await expect(
    promote.getByRole('radio', { name: new RegExp(freight.alias) }),
  ).toBeVisible({ timeout: 30_000 });
  // eslint-disable-next-line no-console
  console.log(
    `new Freight ${freight.alias} on the tab ${
      Date.now() - started
    } ms after Kargo made it`,
  );
});

test('the auto-promotion hold on checkout/staging is said in words on its Stage', async ({
  page,
}) => {
  await openKargoTab(page, 'checkout-service', 'alice');
  await expect(
    stageSection(page, 'checkout/staging').getByText(
      /^Auto-promotion paused for checkout since .+ by Promotion staging\.\S+ \(email:ada@acme\.example\)$/,
    ),
  ).toBeVisible();
});

// The demo stays as the other tests expect it: the new Freight goes.
test.afterEach(async () => {
  if (!made) return;
  const res = await fetch(`${SANDBOX_URL}${FREIGHT}/${made}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
  });
  if (!res.ok) throw new Error(`delete Freight ${made}: ${res.status}`);
  made = undefined;
});
