/*
 * Writes go through Kargo's REST API as the signed-in person (issue 32):
 * Kargo's RBAC decides and Kargo records who did it. The people sign in on
 * the sandbox's own login page (its OpenID provider), as in a real portal
 * sharing Kargo's identity provider; what Kargo recorded is read back from
 * the sandbox's Kubernetes API, as `kubectl get -o yaml` would show it.
 */
import { test, expect, type Page } from '@playwright/test';
import {
  fillLoginPage,
  guestToken,
  openKargoTab,
  sandboxGet,
  SANDBOX_KARGO_API_TOKEN,
  SANDBOX_URL,
  showDetails,
  stageSection,
} from './support';

const API = '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout';
const ALICE = 'email:alice@example.com';

const promotionsOf = async (stage: string): Promise<any[]> =>
  (await sandboxGet<{ items: any[] }>(`${API}/promotions`)).items.filter(
    p => p.spec?.stage === stage,
  );

const reverifyRequest = async (stage: string) => {
  const s = await sandboxGet(`${API}/stages/${stage}`);
  const raw = s.metadata.annotations?.['kargo.akuity.io/reverify'];
  return raw ? JSON.parse(raw) : undefined;
};

/** The sandbox's count of write requests to its Kargo API: succeeded, refused (any 4xx/5xx). */
async function kargoApiWrites(): Promise<{
  succeeded: number;
  refused: number;
}> {
  const res = await fetch(`${SANDBOX_URL}/sandbox/kargo-api/stats`);
  if (!res.ok) throw new Error(`Kargo API stats: ${res.status}`);
  const { succeeded, refused } = await res.json();
  return { succeeded, refused };
}

/** Opens checkout/dev's Promote dialog and promotes eager-wren (its current Freight: the demo stays as it is). */
async function promoteDev(page: Page) {
  const dev = stageSection(page, 'checkout/dev');
  const promote = dev.getByRole('button', { name: 'Promote', exact: true });
  await expect(promote).toBeEnabled();
  await promote.click();
  const dialog = page.getByRole('dialog', {
    name: 'Promote Freight into checkout/dev',
  });
  await dialog.getByRole('radio', { name: /eager-wren/ }).check();
  const clicked = Date.now();
  await dialog.getByRole('button', { name: 'Promote', exact: true }).click();
  return { dev, dialog, clicked };
}

test("alice signs in on the provider's login page; Promote and Reverify on the checkout-service tab go through Kargo's API, and Kargo records email:alice@example.com", async ({
  page,
}) => {
  const before = (await promotionsOf('dev')).map(p => p.metadata.name);
  const writesBefore = await kargoApiWrites();
  await openKargoTab(page, 'checkout-service', 'alice');

  const { dev, clicked } = await promoteDev(page);
  const created = page.getByText(
    /^Promotion dev\.\S+ created for checkout\/dev$/,
  );
  await expect(created).toBeVisible();
  const answered = Date.now();
  const name = (await created.innerText()).split(' ')[1];

  // The new Promotion on the tab: a row of the Stage's Promotions by alice
  // once it is read back (a finished Promotion's row shows who, not its name).
  await showDetails(dev);
  await expect(
    dev.getByRole('row', { name: ALICE }).first(),
  ).toBeVisible({ timeout: 60_000 });
  const onTab = Date.now();
  console.log(
    `[kargo-api-identity] click to new Promotion through the Kargo API: ${
      answered - clicked
    } ms to Kargo's answer, ${onTab - clicked} ms to the Promotion on the tab`,
  );

  // Kargo recorded alice, not the portal's service account.
  const isNew = (p: any) => !before.includes(p.metadata.name);
  const mine = (await promotionsOf('dev')).filter(isNew);
  expect(mine.map(p => p.metadata.name)).toEqual([name]);
  expect(mine[0].metadata.annotations['kargo.akuity.io/create-actor']).toBe(
    ALICE,
  );

  // Reverify once the Promotion's own verification has ended (Kargo does
  // nothing while a Promotion runs or a verification is in flight).
  const reverify = dev.getByRole('button', { name: 'Reverify' });
  await expect(reverify).toBeEnabled({ timeout: 90_000 });
  await reverify.click();
  const dialog = page.getByRole('dialog', { name: 'Reverify checkout/dev?' });
  await dialog.getByRole('button', { name: 'Confirm reverify' }).click();
  await expect(
    page.getByText('Reverify requested for checkout/dev'),
  ).toBeVisible();
  await expect
    .poll(async () => (await reverifyRequest('dev'))?.actor)
    .toBe(ALICE);
  // ... and the verification Kargo started names her.
  await expect
    .poll(async () => {
      const s = await sandboxGet(`${API}/stages/dev`);
      const request = await reverifyRequest('dev');
      return s.status?.freightHistory?.[0]?.verificationHistory?.find(
        (vi: any) => vi.id !== request?.id && vi.actor === ALICE,
      )
        ? 'started'
        : 'not yet';
    })
    .toBe('started');

  const writesAfter = await kargoApiWrites();
  expect(writesAfter.succeeded - writesBefore.succeeded).toBe(2);
});

test("bob signs in; Kargo refuses his Promote and Reverify, the tab says so in Kargo's words, and nothing is written", async ({
  page,
}) => {
  const before = (await promotionsOf('dev')).map(p => p.metadata.name);
  const requestBefore = await reverifyRequest('dev');
  const writesBefore = await kargoApiWrites();
  await openKargoTab(page, 'checkout-service', 'bob');

  // Backstage lets bob try (his team owns checkout-service): Kargo decides.
  await promoteDev(page);
  // Kargo's refusal, worded by the plugin around Kargo's own message.
  const refusal = page.getByText(
    /Kargo \(instance 'sandbox'\) does not allow this: .*forbidden/,
  );
  await expect(refusal.first()).toBeVisible();

  // A fresh page (the refusal above stays until dismissed), then Reverify.
  await page.reload();
  const dev = stageSection(page, 'checkout/dev');
  const reverify = dev.getByRole('button', { name: 'Reverify' });
  await expect(reverify).toBeEnabled({ timeout: 90_000 });
  await expect(refusal).toHaveCount(0);
  await reverify.click();
  await page
    .getByRole('dialog', { name: 'Reverify checkout/dev?' })
    .getByRole('button', { name: 'Confirm reverify' })
    .click();
  await expect(refusal.first()).toBeVisible();

  // The sandbox's Kargo counted two refused writes and no allowed one...
  const writesAfter = await kargoApiWrites();
  expect(writesAfter).toEqual({
    succeeded: writesBefore.succeeded,
    refused: writesBefore.refused + 2,
  });
  // ... and nothing changed in the cluster.
  expect((await promotionsOf('dev')).map(p => p.metadata.name)).toEqual(before);
  expect(await reverifyRequest('dev')).toEqual(requestBefore);
});

test('the guest sees Promote and Reverify disabled with the reason (sign in), and the API refuses its write before Kargo', async ({
  page,
}) => {
  const before = (await promotionsOf('dev')).length;
  const writesBefore = await kargoApiWrites();
  await openKargoTab(page, 'checkout-service', 'guest');
  const dev = stageSection(page, 'checkout/dev');
  for (const name of ['Promote', 'Reverify']) {
    const button = dev.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    // The span around the disabled button names the reason for assistive
    // technology, and shows it as a tooltip.
    await expect(button.locator('..')).toHaveAttribute(
      'aria-label',
      new RegExp(`^${name}: .*sign in`, 'i'),
    );
    await button.locator('..').hover();
    // The previous button's tooltip may still be fading out: look for this one.
    await expect(
      page.getByRole('tooltip').filter({ hasText: /sign in/i }).last(),
    ).toBeVisible();
    await page.mouse.move(0, 0);
  }

  // A guest's Backstage token alone never reaches Kargo (nor does the
  // portal's token stand in for a person): 401 "sign in", nothing written.
  const backstageToken = await guestToken();
  const res = await fetch(
    'http://127.0.0.1:7007/api/kargo/projects/checkout/stages/dev/promote',
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${backstageToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ freight: 'eager-wren' }),
    },
  );
  expect(res.status).toBe(401);
  const answer = JSON.stringify(await res.json());
  expect(answer).toContain('kargoIdentityRequired');
  for (const secret of [backstageToken, SANDBOX_KARGO_API_TOKEN]) {
    expect(answer).not.toContain(secret);
  }
  expect((await promotionsOf('dev')).length).toBe(before);
  expect(await kargoApiWrites()).toEqual(writesBefore);
});

test("the sign-in popup shows the provider's own login page, and a wrong password keeps the person out", async ({
  page,
}) => {
  await page.goto('/', { timeout: 180_000 });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/^http:\/\/127\.0\.0\.1:7008\/oidc\//);
  await popup.getByLabel(/e-?mail/i).fill('alice@example.com');
  await popup.getByLabel(/password/i).fill('not-alice');
  await popup
    .getByRole('button', { name: /^(sign in|log ?in|continue)$/i })
    .click();
  await expect(popup.getByText(/invalid|wrong|incorrect/i)).toBeVisible();
  expect(popup.isClosed()).toBe(false);
  // The right password lets her in.
  await fillLoginPage(popup, 'alice');
  await expect(
    page
      .getByRole('navigation', { name: 'sidebar nav' })
      .getByRole('link', { name: 'Catalog', exact: true }),
  ).toBeVisible();
});
