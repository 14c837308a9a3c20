import { test, expect } from '@playwright/test';
import { openKargoTab, stageSection } from './support';

/*
 * akuity/kargo#5144: Kargo keeps offering a Freight downstream after its
 * re-verification upstream Failed. In the demo, humble-crane verified
 * Successful in payments/qa, then a re-verification there Failed on its
 * error-rate metric; Kargo still offers it to uat. The Promote dialog says so.
 */
test('the Promote dialog of payments/uat warns that humble-crane was re-verified in qa and Failed, which Kargo does not say', async ({
  page,
}) => {
  await openKargoTab(page, 'payments-api', 'alice');
  const uat = stageSection(page, 'payments/uat');
  await uat.getByRole('button', { name: 'Promote', exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Promote Freight into payments/uat',
  });
  await expect(dialog).toBeVisible();

  const warning = dialog.getByText(
    /^Verified in (payments\/)?qa on .+, but re-verified there on .+: Failed \(metric error-rate\)\. Kargo still offers it\.$/,
  );
  await expect(warning).toHaveCount(1);
  await expect(warning).toBeVisible();
  // It is humble-crane's warning: the Freight Kargo still offers uat (its
  // radio is enabled; verified in qa, or approved for uat by an earlier test).
  await expect(
    dialog.getByRole('radio', {
      name: /^humble-crane .* but re-verified there on .+: Failed \(metric error-rate\)/,
    }),
  ).toBeEnabled();
  // Nothing else in the dialog carries a re-verification warning.
  await expect(dialog.getByText(/re-verified there/)).toHaveCount(1);
});
