import { test, expect } from '@playwright/test';
import { openKargoTab } from './support';

const VIEWPORT = { width: 1280, height: 800 };

test('a project of 50 Stages stays readable at 1280 px: every node shows, none overlaps, labels are legible, and ten collapsed Stages fit in two screens', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORT);
  await openKargoTab(page, 'edge-gateway');
  const pipeline = page.getByRole('list', { name: 'Pipeline edge' });
  await expect(pipeline.getByRole('listitem')).toHaveCount(50, {
    timeout: 60_000,
  });
  await expect(
    pipeline.getByRole('button', { name: 'Show the details of prod-ap-southeast-2' }),
  ).toBeVisible();

  const nodes = await pipeline.getByRole('listitem').evaluateAll(items =>
    items.map(item => {
      const box = item.getBoundingClientRect();
      // The Stage name: the first line of the node (a truncating text).
      const label = item.querySelector('button span')! as HTMLElement;
      const text = label.getBoundingClientRect();
      return {
        name: item.querySelector('button')!.getAttribute('aria-label'),
        box: { x: box.x, y: box.y, w: box.width, h: box.height },
        label: {
          text: label.textContent,
          width: text.width,
          inside:
            text.left >= box.left - 0.5 &&
            text.right <= box.right + 0.5 &&
            text.top >= box.top - 0.5 &&
            text.bottom <= box.bottom + 0.5,
          truncated: label.scrollWidth > label.clientWidth,
          // A cut label carries its whole text for the tooltip.
          tooltip:
            label.getAttribute('title') ??
            label.closest('[title]')?.getAttribute('title') ??
            null,
        },
      };
    }),
  );
  expect(nodes).toHaveLength(50);
  const overlaps: string[] = [];
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      const apart =
        a.box.x + a.box.w <= b.box.x ||
        b.box.x + b.box.w <= a.box.x ||
        a.box.y + a.box.h <= b.box.y ||
        b.box.y + b.box.h <= a.box.y;
      if (!apart) overlaps.push(`${a.name} / ${b.name}`);
    }
  }
  expect(overlaps).toEqual([]);
  for (const node of nodes) {
    expect(node.name).toMatch(/^Show the details of /);
    const stage = node.name!.replace('Show the details of ', '');
    // Readable: inside its node, and the whole name shown, or cut with at
    // least ten characters' room and the whole name in the tooltip.
    expect(node.label.inside).toBe(true);
    expect(node.label.text).toBe(stage);
    if (node.label.truncated) {
      expect(node.label.width).toBeGreaterThan(70);
      expect(node.label.tooltip).toBe(stage);
    }
  }

  // No sideways scrolling of the page (the pipeline scrolls in its card).
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

  // The Stage sections below the overview are collapsed summary rows:
  // ten of them, top of the first to bottom of the tenth, fit in two screens.
  const sections = page.locator('main section[aria-label^="edge/"]');
  await expect(sections).toHaveCount(50);
  const boxes = await sections.evaluateAll(all =>
    all.slice(0, 10).map(s => {
      const r = s.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height };
    }),
  );
  for (const box of boxes) expect(box.height).toBeLessThanOrEqual(110);
  const span = boxes[9].bottom - boxes[0].top;
  test.info().annotations.push({
    type: 'measured',
    description: `ten collapsed Stages span ${Math.round(span)} px; rows ${boxes
      .map(b => Math.round(b.height))
      .join(', ')} px`,
  });
  expect(span).toBeLessThanOrEqual(2 * VIEWPORT.height);
});
