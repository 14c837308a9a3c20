/*
 * Verification logs (issue #33 item 3): the AnalysisRun drawer streams a
 * job metric's logs from Kargo's API as the signed-in person. The demo's
 * Failed staging run of `checkout` has a `checkout-smoke-test` job metric
 * whose Job's logs the sandbox's log backend serves.
 */
import { test, expect } from '@playwright/test';
import {
  historyTable,
  openKargoTab,
  sandboxGet,
  showDetails,
  stageSection,
} from './support';

/** The demo's staging run whose smoke test is a Job (read from the sandbox). */
async function smokeTestRun(): Promise<string> {
  const runs = await sandboxGet<{ items: any[] }>(
    '/apis/argoproj.io/v1alpha1/namespaces/checkout/analysisruns',
  );
  const run = runs.items.find(r =>
    r.spec.metrics.some((m: any) => m.provider?.job),
  );
  if (!run) throw new Error('the demo has no run with a job metric');
  return run.metadata.name;
}

test("alice reads a failed verification's logs in the AnalysisRun drawer", async ({
  page,
}) => {
  const name = await smokeTestRun();
  await openKargoTab(page, 'checkout-service', 'alice');
  const staging = stageSection(page, 'checkout/staging');
  await showDetails(staging);
  await historyTable(staging).getByRole('button', { name }).click();

  const drawer = page.getByRole('region', { name: `AnalysisRun ${name}` });
  const metric = drawer.getByRole('region', { name: 'checkout-smoke-test' });
  await expect(metric).toContainText('Failed');
  // A metric that is not a job says it has no logs.
  await expect(
    drawer.getByRole('region', { name: 'http-success-rate' }),
  ).toContainText('only job metrics have logs in Kargo');

  const clicked = Date.now();
  await metric.getByRole('button', { name: 'Logs', exact: true }).click();
  const logs = drawer.getByRole('region', {
    name: 'Logs of checkout-smoke-test',
  });
  await expect(logs).toContainText(
    'starting checkout smoke test against http://checkout.staging.svc',
  );
  // eslint-disable-next-line no-console
  console.log(
    `first log line shown ${Date.now() - clicked} ms after the click`,
  );
  await expect(logs).toContainText('probe 3/10 POST /cart/checkout -> 502');
  await expect(logs.getByRole('status')).toHaveText('The log ended.');

  // The Job's other container.
  await logs.getByLabel('Container').selectOption('proxy');
  await expect(logs).toContainText('envoy proxy ready');
});
