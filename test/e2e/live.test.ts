import { test, expect, type Page } from '@playwright/test';
import {
  analysisRunOf,
  annotateStage,
  dataRows,
  historyTable,
  openKargoTab,
  sandboxGet,
  stageSection,
} from './support';

/** The sandbox keeps a Stage's running analyses Running while it has this. */
const HOLD = 'sandbox.kargo.io/verification-hold';
/** Longer than the page's polling interval (POLL_INTERVAL_MS, 5 s). */
const QUIET_WINDOW_MS = 7_000;

type Seen = { kind: 'signal' | 'request'; what: string };

/** The channel a signals frame is on, if it is one. */
function channelOf(frame: string): string | undefined {
  try {
    return (JSON.parse(frame) as { channel?: string }).channel;
  } catch {
    return undefined;
  }
}

/**
 * Records, in order, the signals about the checkout project the page receives
 * on its signals WebSocket and the page's reads of Stage data. The channel is
 * opaque: it is the one the entity's answer (checkout-service names only the
 * checkout project) handed the page.
 */
function recordLiveTraffic(page: Page): Seen[] {
  const seen: Seen[] = [];
  const channels = new Set<string>();
  page.on('response', async response => {
    const url = new URL(response.url());
    if (!/^\/api\/kargo\/entities\/.*\/stages$/.test(url.pathname)) return;
    if (response.status() !== 200) return;
    const body = (await response.json().catch(() => undefined)) as
      | { signalChannels?: string[] }
      | undefined;
    body?.signalChannels?.forEach(channel => channels.add(channel));
  });
  page.on('websocket', ws => {
    ws.on('framereceived', ({ payload }) => {
      const text = payload.toString();
      const channel = channelOf(text);
      if (channel && channels.has(channel))
        seen.push({ kind: 'signal', what: text });
    });
  });
  page.on('request', request => {
    const url = new URL(request.url());
    if (
      request.method() === 'GET' &&
      url.pathname.startsWith('/api/kargo/') &&
      /\/stages(\/|$)/.test(url.pathname)
    )
      seen.push({ kind: 'request', what: url.pathname });
  });
  return seen;
}

test('Reverify on the Kargo tab: the new run goes Running -> Successful on screen, pushed by a signal, with no reload and no polling', async ({
  page,
}) => {
  const stage = await sandboxGet(
    '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/dev',
  );
  expect(stage.status?.currentPromotion ?? null).toBeNull();
  // The sandbox's analyses of checkout/dev stay Running until released.
  await annotateStage('checkout', 'dev', { [HOLD]: 'true' });
  try {
    const seen = recordLiveTraffic(page);
    await openKargoTab(page, 'checkout-service');
    const dev = stageSection(page, 'checkout/dev');
    const history = historyTable(dev);
    await expect(dataRows(history).first()).toBeVisible({ timeout: 60_000 });
    const newestBefore = await analysisRunOf(dataRows(history).first());
    // A reload would drop this mark.
    await page.evaluate(() => {
      (window as any).kargoLiveTest = true;
    });

    await dev.getByRole('button', { name: 'Reverify' }).click();
    await page
      .getByRole('dialog', { name: 'Reverify checkout/dev?' })
      .getByRole('button', { name: 'Confirm reverify' })
      .click();
    const newest = dataRows(history).first();
    await expect
      .poll(() => analysisRunOf(newest), { timeout: 60_000 })
      .not.toBe(newestBefore);
    const run = await analysisRunOf(newest);
    await expect(newest.getByRole('cell').first()).toHaveText('Running');

    // While the run is Running, the page does not poll: over a window longer
    // than the polling interval in which no signal arrived, it read nothing.
    // (A signal about another checkout Stage restarts the window.)
    let quiet: Seen[] | undefined;
    for (let attempt = 0; attempt < 5 && !quiet; attempt++) {
      const mark = seen.length;
      await page.waitForTimeout(QUIET_WINDOW_MS);
      const window = seen.slice(mark);
      if (!window.some(s => s.kind === 'signal')) quiet = window;
    }
    expect(quiet, 'a window with no signal about checkout').toBeDefined();
    expect(quiet!.filter(s => s.kind === 'request')).toEqual([]);

    // Released, the run ends; a signal arrives first, then the page reads.
    const mark = seen.length;
    await annotateStage('checkout', 'dev', { [HOLD]: null });
    await expect(newest.getByRole('cell').first()).toHaveText('Successful', {
      timeout: 30_000,
    });
    await expect(newest).toContainText(run);
    const after = seen.slice(mark);
    const firstSignal = after.findIndex(s => s.kind === 'signal');
    const firstRead = after.findIndex(s => s.kind === 'request');
    expect(firstSignal).toBeGreaterThanOrEqual(0);
    expect(firstRead).toBeGreaterThan(firstSignal);
    expect(await page.evaluate(() => (window as any).kargoLiveTest)).toBe(true);
  } finally {
    await annotateStage('checkout', 'dev', { [HOLD]: null });
  }
});
