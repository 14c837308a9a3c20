import { test, expect, type Locator, type Page } from '@playwright/test';
import { createHeldPromotion, requestAbort } from './promotions';
import {
  dataRows,
  historyTable,
  openKargoTab,
  sandboxGet,
  showDetails,
  signIn,
  stageSection,
} from './support';

/** How far the page and each table of the tab overflow horizontally, in px. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const tables = [...document.querySelectorAll('main table')].map(table => {
      // The closest ancestor that clips (the card): what the user can see.
      let box = table.parentElement!;
      while (box && getComputedStyle(box).overflowX === 'visible')
        box = box.parentElement!;
      const cells = [...table.querySelectorAll('td, th')].map(
        c => c.getBoundingClientRect().right,
      );
      return Math.max(
        0,
        Math.round(Math.max(...cells, 0) - box.getBoundingClientRect().right),
      );
    });
    return { page: doc.scrollWidth - doc.clientWidth, tables };
  });
}

/**
 * Lines the text of a table cell is laid out on: the distinct tops of its
 * text's line boxes (1 when nothing in it wraps).
 */
const textLines = (cell: Locator) =>
  cell.evaluate(el => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent!.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width > 0 && !tops.some(t => Math.abs(t - r.top) < 4))
          tops.push(r.top);
      }
    }
    return tops.length;
  });

/** Lines an inline element is laid out on (1 when it does not wrap). */
const lineCount = (locator: Locator) =>
  locator.evaluate(el => {
    const tops = new Set([...el.getClientRects()].map(r => Math.round(r.top)));
    return tops.size;
  });

test('at 1280 px the Kargo tab does not overflow, and PR numbers and phases stay on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [component, stages] of [
    ['payments-api', ['payments/prod', 'payments/perf']],
    ['checkout-service', ['checkout/prod', 'checkout/staging']],
  ] as const) {
    await openKargoTab(page, component);
    for (const stage of stages) await showDetails(stageSection(page, stage));
    const overflow = await horizontalOverflow(page);
    expect(overflow.page).toBe(0);
    expect(overflow.tables.length).toBeGreaterThan(0);
    expect(overflow.tables.every(px => px === 0)).toBe(true);
    const promotions = page.getByRole('table').filter({
      has: page.getByRole('columnheader', { name: 'Step' }),
    });
    // payments is on GitLab: its Promotions name merge requests !N.
    const prLinks = promotions.getByRole('link', {
      name: component === 'payments-api' ? /^!\d+/ : /^#\d+/,
    });
    expect(await prLinks.count()).toBeGreaterThan(0);
    for (const link of await prLinks.all())
      expect(await lineCount(link)).toBe(1);
    const phases = promotions.getByText(
      /^(Succeeded|Failed|Errored|Running|Aborted)$/,
    );
    for (const phase of await phases.all())
      expect(await lineCount(phase)).toBe(1);
    // The verification history: start time and Freight alias stay on one line.
    for (const stage of stages) {
      const rows = dataRows(historyTable(stageSection(page, stage)));
      expect(await rows.count()).toBeGreaterThan(0);
      for (const row of await rows.all()) {
        const cells = row.getByRole('cell');
        expect(await textLines(cells.nth(1))).toBe(1);
        expect(await textLines(cells.nth(4))).toBe(1);
      }
    }
  }
});

/** WCAG contrast ratio of two CSS colors (rgb/rgba, opaque). */
function contrast(a: number[], b: number[]) {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map(v => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('in the dark theme the pipeline nodes are readable: every text has contrast of at least 4.5 against its node', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: /Dark/ }).click();
  await openKargoTab(page, 'payments-api');
  const pipeline = page.getByRole('list', { name: 'Pipeline payments' });
  await expect(pipeline.getByRole('listitem')).toHaveCount(5);
  const pairs = await pipeline.evaluate(list => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0))
          return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const texts = [...list.querySelectorAll('[role=listitem] *')].filter(e =>
      [...e.childNodes].some(n => n.nodeType === 3 && n.textContent!.trim()),
    );
    return texts.map(e => ({
      text: e.textContent!.trim(),
      color: rgb(getComputedStyle(e).color).slice(0, 3),
      background: background(e),
    }));
  });
  expect(pairs.length).toBeGreaterThan(10);
  // The node itself is dark (the theme applies), not a light box on a dark page.
  expect(Math.max(...pairs[0].background)).toBeLessThan(100);
  const low = pairs
    .map(p => ({ text: p.text, ratio: contrast(p.color, p.background) }))
    .filter(p => p.ratio < 4.5);
  expect(low).toEqual([]);
});

/** Presses Tab from the top of the page until `target` has the focus. */
async function tabFromTopTo(page: Page, target: Locator) {
  await page.locator('body').focus();
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate(el => el === document.activeElement)) return;
  }
  throw new Error('not reachable by Tab');
}

test('keyboard only: Tab reaches a pipeline node and Enter opens its Stage; Tab reaches Promote and Enter opens its dialog', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openKargoTab(page, 'payments-api');
  const node = page.getByRole('button', { name: 'Show the details of prod' });
  await expect(node).toBeVisible();
  const tabTo = (target: Locator) => tabFromTopTo(page, target);
  await tabTo(node);
  await page.keyboard.press('Enter');
  const prod = stageSection(page, 'payments/prod');
  await expect(
    prod.getByRole('button', { name: 'Hide details' }),
  ).toBeVisible();

  const promote = stageSection(page, 'payments/perf').getByRole('button', {
    name: 'Promote',
    exact: true,
  });
  await expect(promote).toBeEnabled();
  await tabTo(promote);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {
    name: 'Promote Freight into payments/perf',
  });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('keyboard only: Tab reaches Abort of a running Promotion and Enter opens its confirm dialog; Escape closes it and nothing is written', async ({
  page,
}) => {
  const name = await createHeldPromotion('payments', 'uat');
  const path = `/apis/kargo.akuity.io/v1alpha1/namespaces/payments/promotions/${name}`;
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openKargoTab(page, 'payments-api');
    const uat = stageSection(page, 'payments/uat');
    // The collapsed row opens from the keyboard too.
    const expand = uat.getByRole('button', { name: 'Show details' });
    await tabFromTopTo(page, expand);
    await page.keyboard.press('Enter');
    await expect(
      uat.getByRole('button', { name: 'Hide details' }),
    ).toBeFocused();

    const abort = uat.getByRole('button', { name: `Abort Promotion ${name}` });
    await expect(abort).toBeEnabled({ timeout: 60_000 });
    await tabFromTopTo(page, abort);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: `Abort Promotion ${name}?`,
    });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const promotion = await sandboxGet(path);
    expect(
      promotion.metadata.annotations?.['kargo.akuity.io/abort'],
    ).toBeUndefined();
    expect(promotion.status.phase).toBe('Running');
  } finally {
    await requestAbort('payments', name);
  }
});
