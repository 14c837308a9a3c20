import { test, expect } from '@playwright/test';
import {
  dataRows,
  openKargoTab,
  sandboxGet,
  showDetails,
  stageSection,
} from './support';

test('a Promotion opens to every step with the PR, commit and branch its steps recorded', async ({
  page,
}) => {
  const promotions = await sandboxGet<{ items: any[] }>(
    '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/promotions',
  );
  const running = promotions.items.find(
    p => p.spec.stage === 'prod' && p.status?.state?.['open-pr']?.pr?.id === 42,
  );
  expect(running, 'the demo has a Promotion recording PR #42').toBeTruthy();
  const name: string = running.metadata.name;
  const { commit, commitURL } = running.status.state.push;

  await openKargoTab(page, 'checkout-service');
  const prod = stageSection(page, 'checkout/prod');
  await showDetails(prod);
  await prod.getByRole('button', { name: `Every step of ${name}` }).click();

  const drawer = page.getByRole('region', { name: `Steps of ${name}` });
  await expect(drawer).toBeVisible();
  const steps = drawer.getByRole('table', { name: `Steps of ${name}` });
  // The whole table is on screen once the drawer has slid in: its last
  // column (the outputs) too.
  await expect(
    steps.getByRole('columnheader', { name: 'Outputs' }),
  ).toBeInViewport({ ratio: 1 });
  const rows = dataRows(steps);
  await expect(rows.getByRole('cell').first()).toHaveText('step-1');
  const aliases = await rows.evaluateAll(trs =>
    trs.map(tr => tr.querySelector('td')?.textContent),
  );
  expect(aliases).toEqual([
    'step-1',
    'update-image',
    'step-3',
    'commit',
    'push',
    'open-pr',
    'wait-for-pr',
  ]);

  const row = (alias: string) =>
    rows.filter({ has: page.getByRole('cell', { name: alias, exact: true }) });
  await expect(
    row('open-pr').getByRole('link', { name: /^#42/ }),
  ).toHaveAttribute('href', 'https://github.com/acme/checkout-deploy/pull/42');
  await expect(
    row('push').getByRole('link', { name: /^commit b0b0b0b/ }),
  ).toHaveAttribute('href', commitURL);
  expect(commitURL).toBe(
    `https://github.com/acme/checkout-deploy/commit/${commit}`,
  );
  await expect(row('push')).toContainText(`branch kargo/promotion/${name}`);
  await expect(row('wait-for-pr')).toContainText('Running');
  await expect(row('git-clone').or(row('step-1'))).toContainText('Succeeded');

  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});
