/*
 * Shared steps of the browser tests (not a test file: Playwright only runs
 * `*.test.ts`). Everything goes through what a user sees: roles, names, text.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The sandbox's Kubernetes API, as the demo starts it (scripts/start-demo.mjs). */
export const SANDBOX_URL = 'http://127.0.0.1:7008';
export const SANDBOX_ADMIN_TOKEN = 'sandbox-admin-token';
/** The portal's Kargo API token in the demo (a ServiceAccount JWT, as Kargo requires). */
export { SANDBOX_KARGO_API_TOKEN } from '../../packages/kargo-sandbox/src/kube/auth';

/**
 * The demo's people (examples/org.yaml, the sandbox's OpenID provider):
 * Kargo lets alice promote, reverify and abort everywhere, bob only read.
 * The guest has no ID token for Kargo, so it cannot write at all.
 */
export const DEMO_USERS = {
  alice: { email: 'alice@example.com', password: 'alice' },
  bob: { email: 'bob@example.com', password: 'bob' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS | 'guest';

/**
 * Signs in, by default as alice through the sandbox's login page (the one
 * who may write: Kargo decides through its API). The first visit of a run
 * waits for the dev server's first bundle, and the backend may still be
 * starting (or restarting: the dev backend restarts when a plugin's source
 * changes), in which case sign-in fails and the sign-in page stays: try
 * again until it works.
 */
export async function signIn(page: Page, user: DemoUser = 'alice') {
  await page.goto('/', { timeout: 180_000 });
  const catalog = page
    .getByRole('navigation', { name: 'sidebar nav' })
    .getByRole('link', { name: 'Catalog', exact: true });
  await expect(async () => {
    if (!(await catalog.isVisible())) {
      if (user === 'guest') {
        const enter = page.getByRole('button', { name: 'Enter' });
        if (await enter.isVisible()) await enter.click();
      } else {
        await signInWithProvider(page, user);
      }
    }
    await expect(catalog).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 180_000 });
}

/**
 * "Sign In" on the Kargo SSO card opens Backstage's sign-in popup, which
 * shows the sandbox's own login page: fill it in as a person would.
 */
async function signInWithProvider(page: Page, user: keyof typeof DEMO_USERS) {
  const signInButton = page.getByRole('button', {
    name: 'Sign In',
    exact: true,
  });
  if (!(await signInButton.isVisible())) return;
  const popupOpened = page.waitForEvent('popup', { timeout: 15_000 });
  await signInButton.click();
  await fillLoginPage(await popupOpened, user);
}

/** Fills the sandbox's login page (and its consent page, if it asks) in a popup. */
export async function fillLoginPage(
  popup: Page,
  user: keyof typeof DEMO_USERS,
) {
  const { email, password } = DEMO_USERS[user];
  await popup.getByLabel(/e-?mail/i).fill(email, { timeout: 30_000 });
  await popup.getByLabel(/password/i).fill(password);
  await popup
    .getByRole('button', { name: /^(sign in|log ?in|continue)$/i })
    .click();
  // The popup closes itself once Backstage has the session; a provider that
  // asks for consent first gets it.
  const consent = popup.getByRole('button', {
    name: /^(allow|authorize|continue|consent|yes)/i,
  });
  await expect
    .poll(
      async () => {
        if (popup.isClosed()) return true;
        if (await consent.isVisible().catch(() => false)) {
          await consent.click().catch(() => undefined);
        }
        return popup.isClosed();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Opens a Component's entity page (Overview tab). Right after the backend
 * started, the catalog may not have read examples/entities.yaml yet: the
 * page then shows the name but "Entity not found" and no tabs, so reload.
 */
export async function openComponent(page: Page, name: string) {
  const heading = page.getByRole('heading', { name, exact: true, level: 2 });
  await expect(async () => {
    await page.goto(`/catalog/default/component/${name}`);
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(entityTabs(page)).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 120_000 });
}

/** The entity page's tab bar. */
export function entityTabs(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Content navigation' });
}

/** Clicks the "Kargo" tab of the open entity page. */
export async function clickKargoTab(page: Page) {
  await entityTabs(page)
    .getByRole('link', { name: 'Kargo', exact: true })
    .click();
}

/** Picks the app's language under Settings (English is the default). */
export async function chooseLanguage(page: Page, language: string) {
  await page.goto('/settings');
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('option', { name: language }).click();
}

/** Signs in (alice unless told), opens the Component and clicks its "Kargo" tab. */
export async function openKargoTab(
  page: Page,
  component: string,
  user: DemoUser = 'alice',
) {
  await signIn(page, user);
  await openComponent(page, component);
  await clickKargoTab(page);
  await expect(page).toHaveURL(
    new RegExp(`/catalog/default/component/${component}/kargo$`),
  );
}

/** The section of one Stage on the Kargo tab, e.g. `checkout/staging`. */
export function stageSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The overview card (the table named Kargo) on a component's overview. */
export function overviewCard(page: Page): Locator {
  return page.getByRole('table', { name: 'Kargo' });
}

/**
 * The overview card's row of one Stage. The Stage's cell also lists the
 * Argo CD Applications it updates, so the cell starts with the name.
 */
export function overviewCardRow(card: Locator, stage: string): Locator {
  const escaped = stage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return card.getByRole('row').filter({
    has: card
      .page()
      .getByRole('cell', { name: new RegExp(`^${escaped}( |$)`) }),
  });
}

/** The verification history table of a Stage section. */
export function historyTable(section: Locator): Locator {
  return section.getByRole('table').filter({
    has: section.page().getByRole('columnheader', { name: 'AnalysisRun' }),
  });
}

/** The pull requests table of a Stage section. */
export function pullRequestsTable(section: Locator): Locator {
  return section.getByRole('table').filter({
    has: section.page().getByRole('columnheader', { name: 'Branches' }),
  });
}

/** Data rows of a table (the header row has column headers, data rows cells). */
export function dataRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}

/** The AnalysisRun name of a history row (the button in its last column). */
export async function analysisRunOf(row: Locator): Promise<string> {
  const text = await row
    .getByRole('cell')
    .last()
    .innerText({ timeout: 10_000 });
  return text.trim();
}

/** GETs a path of the sandbox's Kubernetes API as the admin. */
export async function sandboxGet<T = any>(path: string): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Merge-patches a Stage's annotations in the sandbox's Kubernetes API as the admin. */
export async function annotateStage(
  project: string,
  stage: string,
  annotations: Record<string, string | null>,
) {
  const path = `/apis/kargo.akuity.io/v1alpha1/namespaces/${project}/stages/${stage}`;
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`,
      'Content-Type': 'application/merge-patch+json',
    },
    body: JSON.stringify({ metadata: { annotations } }),
  });
  if (!res.ok) throw new Error(`PATCH ${path}: ${res.status}`);
}

/**
 * Ends the staging Promotions the demo template started (they wait for their
 * pull request forever): closes their PRs through the sandbox's GitHub API, so
 * the Promotions fail and Kargo verifies staging again (it does nothing while
 * a Promotion runs). Keeps the tests independent of each other's order.
 */
export async function settleStagingPromotions() {
  const promotions = await sandboxGet<{ items: any[] }>(
    '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions',
  );
  const waiting = promotions.items.filter(
    p =>
      p.spec?.stage === 'staging' &&
      p.status?.phase === 'Running' &&
      p.status?.state?.['open-pr']?.pr?.id,
  );
  for (const p of waiting) {
    const number = p.status.state['open-pr'].pr.id;
    const res = await fetch(
      `${SANDBOX_URL}/github/api/v3/repos/acme/checkout-deploy/pulls/${number}`,
      {
        method: 'PATCH',
        headers: {
          Authorization: 'token sandbox-github-token',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ state: 'closed' }),
      },
    );
    if (!res.ok) throw new Error(`closing PR #${number}: ${res.status}`);
  }
  await expect
    .poll(
      async () =>
        (
          await sandboxGet(
            '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/staging',
          )
        ).status?.currentPromotion ?? null,
      { timeout: 60_000 },
    )
    .toBeNull();
}

/** Opens a Stage section's details (collapsed when an entity names many Stages). */
export async function showDetails(section: Locator) {
  const toggle = section.getByRole('button', { name: /^(Show|Hide) details$/ });
  await expect(toggle).toBeVisible();
  const show = section.getByRole('button', { name: 'Show details' });
  if (await show.isVisible()) await show.click();
  await expect(
    section.getByRole('button', { name: 'Hide details' }),
  ).toBeVisible();
}

/** A guest's Backstage token, for calling the backend's API directly. */
export async function guestToken(): Promise<string> {
  const res = await fetch(
    'http://127.0.0.1:7007/api/auth/guest/refresh?env=development',
    { headers: { 'x-requested-with': 'XMLHttpRequest' } },
  );
  if (!res.ok) throw new Error(`Guest sign-in failed: ${res.status}`);
  return (await res.json()).backstageIdentity.token;
}
