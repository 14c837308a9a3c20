import { test, expect } from '@playwright/test';
import {
  analysisRunOf,
  annotateStage,
  dataRows,
  historyTable,
  openKargoTab,
  showDetails,
  stageSection,
} from './support';

/** The sandbox's stand-in for Argo Rollouts ends this Stage's next analyses so. */
const OUTCOME = 'sandbox.kargo.io/verification-outcome';

test('a reverify whose verification fails notifies the owners, with a link to the Kargo tab', async ({
  page,
}) => {
  // payments/perf verifies successfully in the demo; make its next run fail.
  await annotateStage('payments', 'perf', { [OUTCOME]: 'Failed' });
  try {
    await openKargoTab(page, 'payments-api');
    const perf = stageSection(page, 'payments/perf');
    await showDetails(perf);
    const history = historyTable(perf);
    await expect(dataRows(history).first()).toBeVisible({ timeout: 60_000 });
    const newestBefore = await analysisRunOf(dataRows(history).first());

    await perf.getByRole('button', { name: 'Reverify' }).click();
    await page
      .getByRole('dialog', { name: 'Reverify payments/perf?' })
      .getByRole('button', { name: 'Confirm reverify' })
      .click();
    const newest = dataRows(history).first();
    await expect
      .poll(() => analysisRunOf(newest), { timeout: 90_000 })
      .not.toBe(newestBefore);
    const run = await analysisRunOf(newest);
    await expect(newest.getByRole('cell').first()).toContainText('Failed', {
      timeout: 90_000,
    });

    // The guest owns payments-api (group guests). The newest notification
    // about perf names the new run once its description is expanded.
    await page.goto('/notifications');
    const notification = page
      .getByRole('row')
      .filter({ hasText: 'Kargo verification Failed on payments/perf' })
      .first();
    await expect(async () => {
      await page.reload();
      await expect(notification).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    await notification.getByRole('button', { name: 'Show more' }).click();
    await expect(notification).toContainText(`AnalysisRun ${run}`);
    await notification
      .getByRole('link', { name: 'Kargo verification Failed on payments/perf' })
      .click();
    await expect(page).toHaveURL(
      /\/catalog\/default\/component\/payments-api\/kargo$/,
    );
  } finally {
    await annotateStage('payments', 'perf', { [OUTCOME]: null });
  }
});
