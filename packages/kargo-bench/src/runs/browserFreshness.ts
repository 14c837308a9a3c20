/**
 * `yarn bench --live`, on screen: the demo (scripts/start-demo.mjs, without
 * its own sandbox, on free ports instead of 3000 and 7007) pointed at the
 * bench's sandbox, its catalog holding one Component that names a fleet project.
 * Chromium (Playwright, Debian's browser as in the e2e stage) opens that
 * Component's Kargo tab; then, one at a time, an AnalysisRun the page shows
 * turns to another phase in the sandbox, timed until the new phase is on
 * screen (the page learns of it by a signal, then fetches).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import type { BenchSandbox } from '../sandbox/parent';
import {
  CHROMIUM,
  ENTITY,
  launchChromium,
  sleep,
  startDemo,
  stopDemo,
} from './demo';

/** The Kargo tab's Stage sections (their details have ids ending in `-details`). */
const STAGE_SECTIONS = '[id^="kargo-stage-"]:not([id$="-details"])';

/**
 * Opens the first few Stage sections, so their verification histories are on
 * screen (opening all 50 of a project makes the page itself the bottleneck).
 */
async function openStageDetails(page: Page, sections: number) {
  for (let i = 0; i < sections; i++) {
    const show = page.getByRole('button', { name: 'Show details' });
    if ((await show.count()) === 0) break;
    await show.first().click({ timeout: 60_000 });
  }
  await page.waitForFunction(
    () => document.querySelectorAll('tr td').length > 0,
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * Signs in as the demo's guest and opens the Kargo tab. Right after the
 * start, the backend or the catalog may not be ready: tries again.
 */
export async function openKargoTab(page: Page) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      await page.goto('/', { timeout: 180_000 });
      // The app renders after its bundle ran: the guest sign-in, or already the sidebar.
      const enter = page.getByRole('button', { name: 'Enter' });
      const catalog = page
        .getByRole('link', { name: 'Catalog', exact: true })
        .first();
      await enter.or(catalog).first().waitFor({ timeout: 120_000 });
      if (await enter.isVisible()) await enter.click();
      await catalog.waitFor({ timeout: 30_000 });
      await page.goto(`/catalog/default/component/${ENTITY}/kargo`);
      // A Stage section (a compact row when collapsed, the full card when open).
      await page.waitForFunction(
        selector => document.querySelector(selector) !== null,
        STAGE_SECTIONS,
        {
          timeout: 60_000,
        },
      );
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(2_000);
    }
  }
}

/** The AnalysisRuns the history tables on screen show, with their phase. */
function runsOnScreen(
  page: Page,
): Promise<Array<{ name: string; phase: string }>> {
  return page.evaluate(() =>
    [...document.querySelectorAll('tr')].flatMap(tr => {
      const cells = tr.querySelectorAll('td');
      if (cells.length < 2) return [];
      const name = (cells[cells.length - 1] as HTMLElement).innerText.trim();
      // The phase cell may add a Stale chip after the phase (a flipped run is
      // stale: Kargo still records the phase it had): the phase is its first word.
      const phase = (cells[0] as HTMLElement).innerText.trim().split(/\s+/)[0];
      return /^(Successful|Failed)$/.test(phase) ? [{ name, phase }] : [];
    }),
  );
}

/**
 * Installed before the app's scripts: when signals arrive (the signals
 * WebSocket's messages) and when the page's Kargo fetches start, answer and
 * are parsed, on the wall clock the sandbox stamps its changes with.
 */
function traceHops() {
  type Fetch = {
    url: string;
    start: number;
    headers?: number;
    parsed?: number;
  };
  const trace = { signals: [] as number[], fetches: [] as Fetch[] };
  (window as unknown as { __kargoTrace: typeof trace }).__kargoTrace = trace;
  performance.setResourceTimingBufferSize(100_000);
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', () => trace.signals.push(Date.now()));
    }
  };
  const nativeFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes('/api/kargo/')) return nativeFetch(input, init);
    const hop: Fetch = {
      url: url.replace(/^.*\/api\/kargo/, ''),
      start: Date.now(),
    };
    trace.fetches.push(hop);
    const res = await nativeFetch(input, init);
    hop.headers = Date.now();
    return res;
  };
  // The body read and parsed (openapi-fetch reads it with json(), or text() then JSON.parse).
  for (const method of ['json', 'text'] as const) {
    const native = Response.prototype[method];
    Response.prototype[method] = async function read(this: Response) {
      const value = await native.call(this);
      const hop = [...trace.fetches]
        .reverse()
        .find(f => this.url.endsWith(f.url) && f.parsed === undefined);
      if (hop) hop.parsed = Date.now();
      return value;
    } as never;
  }
}

/** One change's hops, in ms after the change in the sandbox. */
export interface Hops {
  signal?: number;
  fetchStart?: number;
  fetchHeaders?: number;
  /** Resource Timing of the last fetch: its start and last byte. */
  requestSent?: number;
  lastByte?: number;
  parsed?: number;
  onScreen: number;
  fetched: string[];
}

async function hopsSince(
  page: Page,
  at: number,
  shownAt: number,
): Promise<Hops> {
  const { trace, network } = await page.evaluate(() => ({
    trace: (
      window as unknown as {
        __kargoTrace: {
          signals: number[];
          fetches: Array<{
            url: string;
            start: number;
            headers?: number;
            parsed?: number;
          }>;
        };
      }
    ).__kargoTrace,
    // The network's own times (not delayed by a busy main thread), on the
    // wall clock. The backend is another origin: without Timing-Allow-Origin
    // only the start and the last byte are given.
    network: (
      performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    )
      .filter(e => e.name.includes('/api/kargo/'))
      .map(e => ({
        requestStart: performance.timeOrigin + e.startTime,
        responseEnd: performance.timeOrigin + e.responseEnd,
      })),
  }));
  const signal = trace.signals.find(t => t >= at);
  const fetches = trace.fetches.filter(
    f => f.start >= (signal ?? at) && f.start <= shownAt,
  );
  const last = fetches[fetches.length - 1];
  const since = (t?: number) =>
    t === undefined ? undefined : Math.round(t - at);
  const wire = network
    .filter(n => n.requestStart >= (signal ?? at) && n.responseEnd <= shownAt)
    .pop();
  return {
    requestSent: since(wire?.requestStart),
    lastByte: since(wire?.responseEnd),
    signal: since(signal),
    fetchStart: since(fetches[0]?.start),
    fetchHeaders: since(last?.headers),
    parsed: since(last?.parsed),
    onScreen: shownAt - at,
    fetched: fetches.map(f => f.url),
  };
}

/** Resolves (with the page's Date.now()) when every row of the run shows the phase (checked every frame). */
function phaseOnScreen(page: Page, name: string, phase: string) {
  return page.waitForFunction(
    ([n, p]) => {
      const rows = [...document.querySelectorAll('tr')].filter(tr => {
        const cells = tr.querySelectorAll('td');
        return (
          cells.length > 1 &&
          (cells[cells.length - 1] as HTMLElement).innerText.trim() === n
        );
      });
      return (
        rows.length > 0 &&
        rows.every(
          tr =>
            (tr.querySelector('td') as HTMLElement).innerText
              .trim()
              .split(/\s+/)[0] === p,
        ) &&
        Date.now()
      );
    },
    [name, phase],
    { polling: 'raf', timeout: 30_000 },
  );
}

/** Delays (ms) from a run's change in the sandbox to its new phase on screen; null without Chromium. */
export async function browserFreshness(options: {
  sandbox: BenchSandbox;
  project: string;
  samples: number;
  log: (line: string) => void;
}): Promise<number[] | null> {
  const { sandbox, project, log } = options;
  if (!fs.existsSync(CHROMIUM)) {
    log(
      `no Chromium at ${CHROMIUM} (set KARGO_CHROMIUM): browserP95Ms not measured`,
    );
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kargo-bench-live-'));
  const demo = await startDemo(sandbox.url, project, dir, log);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: demo.appUrl });
    await page.addInitScript(traceHops);
    await openKargoTab(page);
    await openStageDetails(page, 5);
    log('Kargo tab open in Chromium, five Stage sections open');
    const delays: number[] = [];
    for (
      let i = 0;
      delays.length < options.samples && i < options.samples * 3;
      i++
    ) {
      const shown = await runsOnScreen(page);
      const pick = shown[(i * 7) % Math.max(shown.length, 1)];
      const [run] = pick ? await sandbox.flipRun(project, pick.name) : [];
      if (!run) continue;
      const shownAt = await phaseOnScreen(page, run.name, run.phase).then(
        async handle => (await handle.jsonValue()) as number,
        () => undefined,
      );
      delays.push(shownAt ? shownAt - run.at : Number.POSITIVE_INFINITY);
      if (shownAt)
        log(
          `  hops (ms after the change): ${JSON.stringify(
            await hopsSince(page, run.at, shownAt),
          )}`,
        );
      await sleep(500);
    }
    log(`on screen: ${delays.join(', ')} ms`);
    return delays;
  } finally {
    await browser.close();
    await stopDemo(demo);
  }
}
