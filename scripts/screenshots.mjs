#!/usr/bin/env node
/*
 * Screenshots of the running demo for the README (docs/images/*.png), taken
 * with Debian's Chromium through playwright-core. Not part of `yarn test:e2e`.
 *
 *   yarn start &                      # the demo on http://127.0.0.1:3000
 *   node scripts/screenshots.mjs      # KARGO_CHROMIUM / PLAYWRIGHT_URL override
 *   node scripts/screenshots.mjs catalog-filter notifications   # only these
 *
 * Running the demo template promotes into checkout/staging; the script closes
 * that Promotion's pull request afterwards (as test/e2e does) so staging can
 * be verified again.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const BASE = process.env.PLAYWRIGHT_URL ?? 'http://127.0.0.1:3000';
const SANDBOX = 'http://127.0.0.1:7008';
const OUT = new URL('../docs/images/', import.meta.url);
const LONG = { timeout: 180_000 };
const ONLY = new Set(process.argv.slice(2));
/** Whether to take the shot named (file name without .png). */
const want = name => ONLY.size === 0 || ONLY.has(name);

async function sandbox(path, init = {}) {
  const res = await fetch(`${SANDBOX}${path}`, {
    ...init,
    headers: { Authorization: 'Bearer sandbox-admin-token', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** Closes the PRs of staging Promotions that wait for them (see test/e2e/support.ts). */
async function settleStagingPromotions() {
  const { items } = await sandbox(
    '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions',
  );
  for (const p of items) {
    const pr = p.status?.state?.['open-pr']?.pr?.id;
    if (p.spec?.stage !== 'staging' || p.status?.phase !== 'Running' || !pr)
      continue;
    await fetch(
      `${SANDBOX}/github/api/v3/repos/acme/checkout-deploy/pulls/${pr}`,
      {
        method: 'PATCH',
        headers: {
          Authorization: 'token sandbox-github-token',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ state: 'closed' }),
      },
    );
  }
}

/** Signs in through the sandbox's OpenID provider's login page (test/e2e/support.ts does the same). */
async function signInAsAlice(page) {
  await page.goto('/', LONG);
  const popupOpened = page.waitForEvent('popup', LONG);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click(LONG);
  const popup = await popupOpened;
  await popup.getByLabel(/e-?mail/i).fill('alice@example.com');
  await popup.getByLabel(/password/i).fill('alice');
  await popup
    .getByRole('button', { name: /^(sign in|log ?in|continue)$/i })
    .click();
  await popup.waitForEvent('close', LONG);
  await page
    .getByRole('navigation', { name: 'sidebar nav' })
    .getByRole('link', { name: 'Catalog', exact: true })
    .waitFor(LONG);
}

async function shot(page, name, target) {
  const path = new URL(name, OUT).pathname;
  if (target) await target.screenshot({ path });
  else await page.screenshot({ path });
  console.log(`wrote docs/images/${name}`);
}

await mkdir(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.KARGO_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({
    viewport: { width: 1400, height: 900 },
    baseURL: BASE,
  });
  page.setDefaultTimeout(60_000);
  await page.goto('/', LONG);
  await page.getByRole('button', { name: 'Enter' }).click(LONG);
  await page
    .getByRole('navigation', { name: 'sidebar nav' })
    .getByRole('link', { name: 'Catalog', exact: true })
    .waitFor(LONG);

  if (want('kargo-tab')) {
    // The Kargo tab, scrolled to the stale staging Stage.
    await page.goto('/catalog/default/component/checkout-service/kargo');
    const staging = page.getByRole('region', {
      name: 'checkout/staging',
      exact: true,
    });
    await staging.getByText('Stale', { exact: true }).first().waitFor();
    await staging.evaluate(el => el.scrollIntoView({ block: 'start' }));
    await page.mouse.move(0, 0);
    await shot(page, 'kargo-tab.png');
  }

  if (want('pipeline') || want('promotions')) {
    // At 1280 px: the pipeline overview of payments, then payments/prod's
    // Promotions with the step that failed.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/catalog/default/component/payments-api/kargo');
    const pipeline = page.getByRole('list', { name: 'Pipeline payments' });
    await pipeline.waitFor();
    if (want('pipeline')) {
      await page.mouse.move(0, 0);
      await shot(page, 'pipeline.png');
    }
    if (want('promotions')) {
      await page
        .getByRole('button', { name: 'Show the details of prod' })
        .click();
      const prod = page.getByRole('region', {
        name: 'payments/prod',
        exact: true,
      });
      await prod
        .getByText('no PR number found', { exact: false })
        .first()
        .waitFor();
      await prod
        .getByRole('table')
        .first()
        .evaluate(el => el.scrollIntoView({ block: 'center' }));
      await page.mouse.move(0, 0);
      await shot(page, 'promotions.png');
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  }

  if (want('stage-rows')) {
    // At 1280 px: the 50-Stage project "edge", its Stages as compact rows
    // below the pipeline.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/catalog/default/component/edge-gateway/kargo');
    const first = page.locator('main section[aria-label^="edge/"]').first();
    await first.waitFor(LONG);
    await first.evaluate(el => el.scrollIntoView({ block: 'start' }));
    await page.mouse.move(0, 0);
    await shot(page, 'stage-rows.png');
    await page.setViewportSize({ width: 1400, height: 900 });
  }

  if (want('kargo-card')) {
    // The overview card.
    await page.goto('/catalog/default/component/checkout-service');
    const cardTable = page.getByRole('table', { name: 'Kargo' });
    await cardTable.getByText('checkout/staging').waitFor();
    const card = cardTable.locator(
      'xpath=ancestor::*[contains(@class, "MuiCard-root")][1]',
    );
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'kargo-card.png', card);
  }

  if (want('analysis-run-drawer')) {
    // The AnalysisRun drawer of the failed payments/qa run.
    await page.goto('/catalog/default/component/payments-api/kargo');
    const qa = page.getByRole('region', { name: 'payments/qa', exact: true });
    // payments names five Stages: their details open on demand.
    await qa.getByRole('button', { name: 'Show details' }).click();
    const failedRow = qa
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Failed', exact: true }) })
      .first();
    await failedRow.getByRole('button').first().click();
    const drawer = page.getByRole('region', { name: /^AnalysisRun / });
    await drawer.getByText(/card authorisations time out/).waitFor();
    // The drawer slides in from the right: wait until it has arrived.
    await page.waitForFunction(() => {
      const paper = document.querySelector('.MuiDrawer-paper');
      const box = paper?.getBoundingClientRect();
      return !!box && Math.abs(box.right - window.innerWidth) < 1;
    });
    await shot(page, 'analysis-run-drawer.png');
    await page.keyboard.press('Escape');
  }

  if (want('catalog-stages')) {
    // The catalog, filtered to the kargo-stage Resources the catalog module emits.
    await page.goto(
      '/?filters%5Bkind%5D=resource&filters%5Btype%5D=kargo-stage&filters%5Buser%5D=all',
    );
    await page.getByRole('link', { name: 'checkout/staging' }).waitFor();
    await shot(page, 'catalog-stages.png');
  }

  // The catalog's Kargo filter: Stage resources whose current verification Failed.
  if (want('catalog-filter')) {
    // Tall enough to show the filter column and the table together.
    await page.setViewportSize({ width: 1400, height: 1250 });
    await page.goto(
      '/?filters%5Bkind%5D=resource&filters%5Btype%5D=kargo-stage&filters%5Buser%5D=all&filters%5Bkargo%5D=phase%3AFailed',
    );
    await page.getByRole('link', { name: 'payments/qa' }).waitFor();
    await page.getByRole('group', { name: 'Kargo' }).waitFor();
    await shot(page, 'catalog-filter.png');
    await page.setViewportSize({ width: 1400, height: 900 });
  }

  // Kargo notifications in the portal (the demo turns them on).
  if (want('notifications')) {
    await page.goto('/notifications');
    await page
      .getByText(/^Kargo verification Failed on /)
      .first()
      .waitFor();
    await shot(page, 'notifications.png');
  }

  if (want('template')) {
    // The demo template's result.
    await page.goto('/create');
    await page
      .getByRole('article')
      .filter({ hasText: 'Promote freight with Kargo' })
      .getByRole('button', { name: 'Choose' })
      .click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page
      .getByText(/Pull request #\d+ \((reclaimed|opened)\)/)
      .waitFor({ timeout: 120_000 });
    await shot(page, 'template.png');
  }

  // A Stage owner's view, signed in as alice through the sandbox's login
  // page (Kargo's API answers her links and logs; the guest has no token).
  if (
    want('stage-owner') ||
    want('verification-logs') ||
    want('promote-diff') ||
    want('promotion-steps')
  ) {
    const alice = await browser.newPage({
      viewport: { width: 1400, height: 900 },
      baseURL: BASE,
    });
    alice.setDefaultTimeout(60_000);
    await signInAsAlice(alice);
    if (want('stage-owner')) {
      // checkout/prod: its Argo CD Application, Refresh, the orphaned PR #41
      // with Close, and the Links menu as Kargo resolves it.
      await alice.goto('/catalog/default/component/checkout-service/kargo');
      const prod = alice.getByRole('region', {
        name: 'checkout/prod',
        exact: true,
      });
      await prod.getByRole('button', { name: /^Close .*#41$/ }).waitFor(LONG);
      await prod.evaluate(el => el.scrollIntoView({ block: 'start' }));
      await prod.getByRole('button', { name: 'Links of prod' }).click();
      await alice.getByRole('menuitem', { name: /Runbook/ }).waitFor();
      await shot(alice, 'stage-owner.png');
      await alice.keyboard.press('Escape');
    }
    if (want('verification-logs')) {
      // The failed staging run's smoke-test Job logs, streamed from Kargo.
      await alice.goto('/catalog/default/component/checkout-service/kargo');
      const staging = alice.getByRole('region', {
        name: 'checkout/staging',
        exact: true,
      });
      const details = staging.getByRole('button', { name: 'Show details' });
      if (await details.isVisible()) await details.click();
      const { items } = await sandbox(
        '/apis/argoproj.io/v1alpha1/namespaces/checkout/analysisruns',
      );
      const run = items.find(r => r.spec.metrics.some(m => m.provider?.job));
      await staging
        .getByRole('button', { name: run.metadata.name })
        .first()
        .click();
      const drawer = alice.getByRole('region', { name: /^AnalysisRun / });
      const metric = drawer.getByRole('region', {
        name: 'checkout-smoke-test',
      });
      await metric.getByRole('button', { name: 'Logs', exact: true }).click();
      await drawer
        .getByRole('region', { name: 'Logs of checkout-smoke-test' })
        .getByText('The log ended.')
        .waitFor();
      await shot(alice, 'verification-logs.png');
    }
    if (want('promote-diff')) {
      // The Promote dialog of checkout/prod: what each Freight would change.
      await alice.goto('/catalog/default/component/checkout-service/kargo');
      const prod = alice.getByRole('region', {
        name: 'checkout/prod',
        exact: true,
      });
      await prod.getByRole('button', { name: 'Promote', exact: true }).click();
      const dialog = alice.getByRole('dialog', {
        name: 'Promote Freight into checkout/prod',
      });
      await dialog
        .getByRole('list', { name: /^What promoting \S+ changes$/ })
        .first()
        .waitFor();
      // The dialog fades in: wait until it is fully shown.
      await alice.waitForFunction(() => {
        const paper = document.querySelector('.MuiDialog-paper');
        return !!paper && getComputedStyle(paper.parentElement).opacity === '1';
      });
      await shot(alice, 'promote-diff.png');
      await alice.keyboard.press('Escape');
    }
    if (want('promotion-steps')) {
      // The steps drawer of checkout/prod's running Promotion (PR #42).
      const promotions = await sandbox(
        '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions',
      );
      const running = promotions.items.find(
        p => p.spec.stage === 'prod' && p.status?.phase === 'Running',
      );
      await alice.goto('/catalog/default/component/checkout-service/kargo');
      const prod = alice.getByRole('region', {
        name: 'checkout/prod',
        exact: true,
      });
      const details = prod.getByRole('button', { name: 'Show details' });
      if (await details.isVisible()) await details.click();
      await prod
        .getByRole('button', { name: `Every step of ${running.metadata.name}` })
        .click(LONG);
      await alice
        .getByRole('table', { name: `Steps of ${running.metadata.name}` })
        .getByRole('link', { name: /^#42/ })
        .first()
        .waitFor(LONG);
      // The drawer slides in: wait until all of it is on screen.
      await alice.waitForFunction(() => {
        const paper = document.querySelector('.MuiDrawer-paper');
        const box = paper?.getBoundingClientRect();
        return !!box && box.left >= 0 && box.right <= window.innerWidth;
      });
      await alice.mouse.move(0, 0);
      await shot(alice, 'promotion-steps.png');
      await alice.keyboard.press('Escape');
    }
    await alice.close();
  }
} finally {
  await browser.close();
  await settleStagingPromotions().catch(e => console.error(String(e)));
}
