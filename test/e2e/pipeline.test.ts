import { test, expect } from '@playwright/test';
import {
  chooseLanguage,
  clickKargoTab,
  dataRows,
  openComponent,
  openKargoTab,
  sandboxGet,
  showDetails,
  signIn,
  stageSection,
} from './support';
import { createHeldPromotion } from './promotions';

const PROMOTIONS = '/apis/kargo.akuity.io/v1alpha1/namespaces/payments/promotions';

const promotionsOf = async (stage: string) =>
  (await sandboxGet<{ items: any[] }>(PROMOTIONS)).items.filter(
    p => p.spec?.stage === stage,
  );

test('the pipeline shows each Stage of payments with the Freight it holds, in pipeline order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openKargoTab(page, 'payments-api');
  const pipeline = page.getByRole('list', { name: 'Pipeline payments' });
  await expect(pipeline).toBeVisible();
  const node = (stage: string) =>
    pipeline.getByRole('listitem').filter({
      has: page.getByRole('button', { name: `Show the details of ${stage}` }),
    });
  await expect(node('test')).toContainText('icy-koala');
  await expect(node('test')).toContainText('payments-api:v2.6.0');
  await expect(node('qa')).toContainText('from test');
  await expect(node('uat')).toContainText('from qa');
  await expect(node('prod')).toContainText('gentle-moose');
  await expect(node('prod')).toContainText('from uat, perf');
  // Stages come column by column: test, qa, then perf and uat, then prod.
  const order = await pipeline
    .getByRole('listitem')
    .evaluateAll(items => items.map(i => i.textContent?.split(/\s/)[0] ?? ''));
  expect(order.map(s => s.replace(/[A-Z].*$/, ''))).toEqual([
    'test',
    'qa',
    'perf',
    'uat',
    'prod',
  ]);

  // A node opens its Stage's details.
  await page.getByRole('button', { name: 'Show the details of prod' }).click();
  const prod = stageSection(page, 'payments/prod');
  await expect(prod.getByRole('button', { name: 'Hide details' })).toBeVisible();
});

test('the Promotions of payments/prod show the step that failed and its message', async ({
  page,
}) => {
  await openKargoTab(page, 'payments-api');
  const prod = stageSection(page, 'payments/prod');
  await showDetails(prod);
  const promotions = prod.getByRole('table').filter({
    has: page.getByRole('columnheader', { name: 'Step' }),
  });
  const failed = dataRows(promotions).filter({
    hasText: 'wait-for-pr: no PR number found in output from step "open-pr"',
  });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByRole('cell').first()).toContainText('Failed');
});

test('checkout/prod says at the top that its Promotion waits for PR #42 to be merged', async ({
  page,
}) => {
  await openKargoTab(page, 'checkout-service');
  const prod = stageSection(page, 'checkout/prod');
  const banner = prod.getByRole('status').filter({ hasText: 'Waiting for PR #42' });
  // The demo's PR #42 has been open for about three days: said in days.
  await expect(
    banner.getByText(/^Waiting for PR #42 to be merged, open for \d+ days?$/),
  ).toBeVisible();
  await expect(banner).not.toContainText(/\d+h \d+m/);
  await expect(
    banner.getByRole('link', { name: /Open the pull request/ }),
  ).toHaveAttribute('href', 'https://github.com/acme/checkout-deploy/pull/42');
});

test('Promote on payments/perf promotes the hand-approved icy-koala, and the Promotion runs to the end', async ({
  page,
}) => {
  const before = (await promotionsOf('perf')).map(p => p.metadata.name);
  await openKargoTab(page, 'payments-api');
  const perf = stageSection(page, 'payments/perf');
  const promote = perf.getByRole('button', { name: 'Promote', exact: true });
  await expect(promote).toBeEnabled();
  await promote.click();
  const dialog = page.getByRole('dialog', {
    name: 'Promote Freight into payments/perf',
  });
  await expect(dialog).toBeVisible();
  // gentle-moose was never verified in qa: shown with Kargo's reason, not selectable.
  await expect(dialog.getByRole('radio', { name: /gentle-moose/ })).toBeDisabled();
  await dialog.getByRole('radio', { name: /icy-koala/ }).check();
  await expect(dialog).toContainText('approved');
  await dialog.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(page.getByText(/^Promotion perf\.\S+ created for payments\/perf$/)).toBeVisible();

  const isNew = (p: any) => !before.includes(p.metadata.name);
  await expect
    .poll(async () => (await promotionsOf('perf')).filter(isNew).length)
    .toBe(1);
  const created = (await promotionsOf('perf')).find(isNew);
  // Created through Kargo's API with alice's ID token: Kargo records her.
  expect(created.metadata.annotations['kargo.akuity.io/create-actor']).toBe(
    'email:alice@example.com',
  );
  await expect
    .poll(
      async () =>
        (
          await sandboxGet(`${PROMOTIONS}/${created.metadata.name}`)
        ).status?.phase,
      { timeout: 90_000 },
    )
    .toBe('Succeeded');
  // The page follows it: the pipeline shows icy-koala in perf.
  await expect(
    page
      .getByRole('list', { name: 'Pipeline payments' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Show the details of perf' }) }),
  ).toContainText('icy-koala', { timeout: 60_000 });
});

test('the waiting-for-PR banner speaks German with German plural forms', async ({
  page,
}) => {
  await signIn(page);
  await chooseLanguage(page, 'Deutsch');
  await openComponent(page, 'checkout-service');
  await clickKargoTab(page);
  const banner = stageSection(page, 'checkout/prod')
    .getByRole('status')
    .filter({ hasText: 'PR #42' });
  await expect(
    banner.getByText(/^Wartet auf das Mergen von PR #42, offen seit \d+ Tag(en)?$/),
  ).toBeVisible();
});

test('Abort on a running payments/uat Promotion stops it after confirmation, and the page follows it to Aborted', async ({
  page,
}) => {
  const name = await createHeldPromotion('payments', 'uat');
  await openKargoTab(page, 'payments-api');
  const uat = stageSection(page, 'payments/uat');
  await showDetails(uat);
  const abort = uat.getByRole('button', { name: `Abort Promotion ${name}` });
  await expect(abort).toBeEnabled();
  const row = dataRows(uat.getByRole('table').filter({
    has: page.getByRole('columnheader', { name: 'Step' }),
  })).filter({ has: page.getByRole('button', { name: `Abort Promotion ${name}` }) });
  await expect(row.getByRole('cell').first()).toContainText('Running');
  await abort.click();
  const dialog = page.getByRole('dialog', { name: `Abort Promotion ${name}?` });
  await expect(dialog).toContainText('the Stage keeps the Freight it has');
  await dialog.getByRole('button', { name: 'Abort Promotion', exact: true }).click();
  await expect(page.getByText(`Abort of Promotion ${name} requested`)).toBeVisible();

  const promotion = await sandboxGet(`${PROMOTIONS}/${name}`);
  // As in Kargo: its API server writes the request (control plane) with the
  // person as actor (pkg/api/promotion.go AbortPromotion; the Promotion
  // webhook's setAbortAnnotationActor marks it controlPlane).
  expect(JSON.parse(promotion.metadata.annotations['kargo.akuity.io/abort'])).toEqual({
    action: 'terminate',
    actor: 'email:alice@example.com',
    controlPlane: true,
  });
  await expect
    .poll(async () => (await sandboxGet(`${PROMOTIONS}/${name}`)).status?.phase)
    .toBe('Aborted');
  // The page follows: the row turns Aborted and offers no Abort any more.
  const aborted = dataRows(uat.getByRole('table').filter({
    has: page.getByRole('columnheader', { name: 'Step' }),
  })).filter({ hasText: /Promotion terminated by email:alice@example\.com/ });
  await expect(aborted.getByRole('cell').first()).toContainText('Aborted', {
    timeout: 60_000,
  });
  await expect(abort).toHaveCount(0);
});
