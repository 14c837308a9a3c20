/**
 * `yarn bench --render`: the Kargo tab of a Component naming a 50-Stage
 * project, in Chromium, against the demo on the bench's fleet. Per load: from
 * the entity route's response arriving (its Resource Timing `responseEnd`) to
 * the 50 Stage sections being in the DOM (a MutationObserver set before the
 * app's own scripts run), both on the page's clock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { projectName, type FleetSpec } from '../fleet/generate';
import { startBenchSandbox } from '../sandbox/parent';
import { openKargoTab } from './browserFreshness';
import { CHROMIUM, ENTITY, launchChromium, startDemo, stopDemo } from './demo';
import { percentile } from './liveRun';

export interface RenderFigures {
  stages: number;
  /** Stage sections on the tab. */
  rows: number;
  loads: number;
  renderMs: number[];
  p50Ms: number;
  p95Ms: number;
}

/** Installed before the app's scripts: when the entity answer landed, when its Stages were on screen. */
function watchRender(rows: number) {
  const w = window as unknown as { __kargoRender: { responseEnd?: number; rowsAt?: number } };
  w.__kargoRender = {};
  new PerformanceObserver(list => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (w.__kargoRender.responseEnd === undefined && /\/api\/kargo\/entities\/.+\/stages/.test(entry.name)) {
        w.__kargoRender.responseEnd = entry.responseEnd;
      }
    }
  }).observe({ type: 'resource', buffered: true });
  const sections = () => document.querySelectorAll('[id^="kargo-stage-"]:not([id$="-details"])').length;
  new MutationObserver((_m, observer) => {
    if (w.__kargoRender.rowsAt === undefined && sections() >= rows) {
      w.__kargoRender.rowsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function oneLoad(page: Page): Promise<number> {
  await page.goto(`/catalog/default/component/${ENTITY}/kargo`);
  const timing = await page.waitForFunction(
    () => {
      const r = (window as unknown as { __kargoRender: { responseEnd?: number; rowsAt?: number } }).__kargoRender;
      return r?.rowsAt !== undefined && r.responseEnd !== undefined ? r : null;
    },
    undefined,
    { timeout: 120_000 },
  );
  const { responseEnd, rowsAt } = (await timing.jsonValue()) as { responseEnd: number; rowsAt: number };
  if (rowsAt < responseEnd) throw new Error('the Stage sections were on screen before the entity answer arrived (a cached page?)');
  return Math.round(rowsAt - responseEnd);
}

export async function runRender(options: {
  spec: FleetSpec;
  loads: number;
  log: (line: string) => void;
}): Promise<RenderFigures | null> {
  const { spec, log } = options;
  if (!fs.existsSync(CHROMIUM)) {
    log(`no Chromium at ${CHROMIUM} (set KARGO_CHROMIUM): the render is not measured`);
    return null;
  }
  const rows = spec.stagesPerProject;
  const sandbox = await startBenchSandbox(spec);
  log(`sandbox (pid ${sandbox.pid}) with ${sandbox.fleet.stages} Stages loaded in ${sandbox.loadMs} ms`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kargo-bench-render-'));
  try {
    const demo = await startDemo(sandbox.url, projectName(0), dir, log);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ baseURL: demo.appUrl });
      await openKargoTab(page);
      await page.addInitScript(watchRender, rows);
      const renderMs: number[] = [];
      // The first load after sign-in warms the page's modules; it is not counted.
      await oneLoad(page);
      for (let i = 0; i < options.loads; i++) {
        renderMs.push(await oneLoad(page));
      }
      log(`render of ${rows} Stages after the entity answer: ${renderMs.join(', ')} ms`);
      return {
        stages: sandbox.fleet.stages,
        rows,
        loads: renderMs.length,
        renderMs,
        p50Ms: percentile(renderMs, 50),
        p95Ms: percentile(renderMs, 95),
      };
    } finally {
      await browser.close();
      await stopDemo(demo);
    }
  } finally {
    await sandbox.stop();
  }
}
