import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  chooseLanguage,
  clickKargoTab,
  dataRows,
  historyTable,
  openComponent,
  overviewCard,
  overviewCardRow,
  pullRequestsTable,
  signIn,
  stageSection,
} from '../e2e/support';

/*
 * A create-app app that followed docs/install.md, with example-website
 * annotated as the guide shows (project checkout, stages staging and prod).
 */
const COMPONENT = 'example-website';
const SCREENSHOT = join(__dirname, '../../docs/images/fresh-app-kargo-tab.png');

/** The staging section of the component's Kargo tab. */
async function openStaging(page: Page) {
  await openComponent(page, COMPONENT);
  await clickKargoTab(page);
  return stageSection(page, 'checkout/staging');
}

test('the fresh app shows the sandbox Stages on the overview card and the Kargo tab', async ({
  page,
}) => {
  // material-table's warning about a row without `id` (the PR rows had
  // none), which a developer of the app sees in the console. Its other
  // development warning, "columns ... contain functions", fires once per
  // table whenever the rows change at all (material-table 3.2.5
  // componentDidUpdate), so it says nothing about this plugin.
  const rowIdWarnings: string[] = [];
  page.on('console', msg => {
    if (/unique id property/i.test(msg.text())) rowIdWarnings.push(msg.text());
  });
  await signIn(page, 'guest');
  await openComponent(page, COMPONENT);
  const card = overviewCard(page);
  await card.scrollIntoViewIfNeeded();
  for (const stage of ['checkout/staging', 'checkout/prod']) {
    await expect(overviewCardRow(card, stage)).toBeVisible();
  }
  // The annotation names staging and prod only.
  await expect(overviewCardRow(card, 'checkout/dev')).toHaveCount(0);

  const staging = await openStaging(page);
  await expect(
    staging.getByRole('heading', { name: 'Verification history' }),
  ).toBeVisible();
  await expect(historyTable(staging).getByRole('row').nth(1)).toBeVisible();
  const prod = stageSection(page, 'checkout/prod');
  await expect(
    dataRows(pullRequestsTable(prod)).filter({
      has: page.getByRole('link', { name: /^#41\b/ }),
    }),
  ).toBeVisible();
  await page.screenshot({ path: SCREENSHOT });
  expect(rowIdWarnings).toEqual([]);
});

test('the fresh app shows the Kargo tab in German when chosen under Settings', async ({
  page,
}) => {
  await signIn(page, 'guest');
  await chooseLanguage(page, 'Deutsch');
  const staging = await openStaging(page);
  await expect(
    staging.getByRole('heading', { name: 'Verifizierungsverlauf' }),
  ).toBeVisible();
  await expect(
    staging.getByRole('button', { name: 'Erneut verifizieren' }),
  ).toBeVisible();
});
