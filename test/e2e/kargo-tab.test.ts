import { test, expect, type Locator } from '@playwright/test';
import {
  analysisRunOf,
  dataRows,
  historyTable,
  openComponent,
  openKargoTab,
  pullRequestsTable,
  sandboxGet,
  settleStagingPromotions,
  showDetails,
  signIn,
  stageSection,
} from './support';

/**
 * Phase cells ("Failed Stale") of the stale rows on every page of a Stage's
 * verification history. Long histories paginate (10 a page) and every
 * Reverify adds a run, so the old stale runs move to later pages over time.
 */
async function stalePhasesOnAllPages(section: Locator): Promise<string[]> {
  const page = section.page();
  const table = historyTable(section);
  const phases: string[] = [];
  for (;;) {
    const stale = dataRows(table).filter({
      has: page.getByText('Stale', { exact: true }),
    });
    for (const row of await stale.all()) {
      phases.push(await row.getByRole('cell').first().innerText());
    }
    // Only the history table of a section paginates.
    const next = section.getByRole('button', { name: 'Next Page' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const first = await analysisRunOf(dataRows(table).first());
    await next.click();
    await expect
      .poll(() => analysisRunOf(dataRows(table).first()))
      .not.toBe(first);
  }
  return phases;
}

test('the staging Stage shows its stale runs as Failed, and Reverify adds a run that ends Successful', async ({
  page,
}) => {
  // Kargo verifies nothing while a Promotion runs (the demo template leaves one).
  await settleStagingPromotions();
  await openKargoTab(page, 'checkout-service');
  const staging = stageSection(page, 'checkout/staging');
  await expect(staging).toBeVisible();
  const history = historyTable(staging);
  await expect(dataRows(history).first()).toBeVisible();

  // Kargo still records three runs as Running/Pending; their AnalysisRuns Failed.
  const stale = dataRows(history).filter({
    has: page.getByText('Stale', { exact: true }),
  });
  await expect(stale.first()).toBeVisible();
  const firstStale = stale.first();
  await expect(firstStale.getByRole('cell').first()).toContainText('Failed');
  await firstStale.getByText('Stale', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    /^Kargo still shows (Running|Pending); the AnalysisRun Failed at \d{1,2}:\d\d(\s[AP]M)?$/,
  );
  await page.mouse.move(0, 0);
  const failedStale = expect.stringMatching(/^Failed\s*Stale$/);
  expect(await stalePhasesOnAllPages(staging)).toEqual([
    failedStale,
    failedStale,
    failedStale,
  ]);

  // Back on the first page (a fresh load), remember the newest run.
  await page.reload();
  await expect(dataRows(history).first()).toBeVisible({ timeout: 60_000 });
  const newestBefore = await analysisRunOf(dataRows(history).first());

  // Stale entries do not block Reverify.
  const reverify = staging.getByRole('button', { name: 'Reverify' });
  await expect(reverify).toBeEnabled();
  await reverify.click();
  const dialog = page.getByRole('dialog', {
    name: 'Reverify checkout/staging?',
  });
  await expect(dialog).toContainText(
    'Kargo will run the verification of the current freight of checkout/staging again.',
  );
  await dialog.getByRole('button', { name: 'Confirm reverify' }).click();
  await expect(
    page.getByText('Reverify requested for checkout/staging'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The page refreshes by itself until the new run has ended.
  const newest = dataRows(history).first();
  await expect
    .poll(() => analysisRunOf(newest), { timeout: 90_000 })
    .not.toBe(newestBefore);
  const newRun = await analysisRunOf(newest);
  expect(newRun).toMatch(/^staging\./);
  await expect(newest.getByRole('cell').first()).toHaveText(
    /^(Pending|Running|Successful)$/,
  );
  await expect(newest.getByRole('cell').first()).toHaveText('Successful', {
    timeout: 90_000,
  });
  await expect(newest).toContainText(newRun);
  await expect(newest.getByText('Stale', { exact: true })).toHaveCount(0);
});

test('the prod Stage lists the orphaned PR #41 and the PR #42 of its running Promotion', async ({
  page,
}) => {
  const promotions = await sandboxGet<{ items: any[] }>(
    '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions',
  );
  const running = promotions.items.find(
    p => p.spec.stage === 'prod' && p.status?.state?.['open-pr']?.pr?.id === 42,
  );
  expect(running, 'the demo has a Promotion recording PR #42').toBeTruthy();

  await openKargoTab(page, 'checkout-service');
  const prod = stageSection(page, 'checkout/prod');
  const prs = pullRequestsTable(prod);

  const orphan = dataRows(prs).filter({
    has: page.getByRole('link', { name: /^#41\b/ }),
  });
  await expect(orphan).toBeVisible();
  await expect(orphan.getByRole('link', { name: /^#41\b/ })).toHaveAttribute(
    'href',
    'https://github.com/acme/checkout-deploy/pull/41',
  );
  await expect(orphan.getByText('Orphaned', { exact: true })).toBeVisible();
  await orphan.getByText('Orphaned', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText(
    'Kargo lost track of it',
  );
  await expect(orphan).toContainText('open');

  const recorded = dataRows(prs).filter({
    has: page.getByRole('link', { name: /^#42\b/ }),
  });
  await expect(recorded).toBeVisible();
  await expect(recorded.getByRole('link', { name: /^#42\b/ })).toHaveAttribute(
    'href',
    'https://github.com/acme/checkout-deploy/pull/42',
  );
  // Its branch is the one Kargo's git-push step made for the running Promotion.
  await expect(recorded).toContainText(
    `kargo/promotion/${running.metadata.name} → stage/prod`,
  );
  await expect(recorded.getByText('Orphaned', { exact: true })).toHaveCount(0);
});

test('a run name opens the AnalysisRun drawer with the failed measurements', async ({
  page,
}) => {
  await openKargoTab(page, 'payments-api');
  const qa = stageSection(page, 'payments/qa');
  await showDetails(qa);
  const failed = dataRows(historyTable(qa))
    .filter({ has: page.getByRole('cell', { name: 'Failed', exact: true }) })
    .first();
  const name = await analysisRunOf(failed);
  await failed.getByRole('button', { name }).click();

  const drawer = page.getByRole('region', { name: `AnalysisRun ${name}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Metrics' })).toBeVisible();
  const metric = drawer.getByRole('region', { name: 'error-rate' });
  await expect(metric).toContainText('Failed');
  await expect(metric).toContainText(
    'error-rate 0.871 is below 0.95: card authorisations time out against the acquirer sandbox',
  );
  // Once it has slid in, the whole drawer is on screen, its close button too.
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeInViewport({
    ratio: 1,
  });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});

test('a component without the Kargo annotation has no Kargo tab', async ({
  page,
}) => {
  await signIn(page);
  await openComponent(page, 'legacy-batch');
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Kargo', exact: true }),
  ).toHaveCount(0);
});
