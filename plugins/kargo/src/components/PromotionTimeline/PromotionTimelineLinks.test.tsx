import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  PromotionStepView,
  PromotionTimelineEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { createTestApis } from '../../__testUtils__/testApis';
import { PromotionTimeline } from './PromotionTimeline';

// Issue 35, attack 19: each row of the Promotions table drew every link of
// every step of its Promotion. Before: 5 Promotions of 10 steps x 20 links
// drew 1,000 Links on the first page (20,000 at the backend's caps then, 200
// steps x 20 links), re-drawn on each update of the Stage. After: 5 per row
// (25 on the page) and a "+N" that opens the steps; the drawer draws at most
// 50, and the backend keeps 50 links per Promotion.

const where = { instance: 'sandbox', project: 'payments', name: 'uat' };

function step(
  s: number,
  links: { url: string; label: string | null }[],
): PromotionStepView {
  return {
    alias: `step-${s}`,
    uses: 'compose-output',
    status: 'Succeeded',
    startedAt: null,
    finishedAt: null,
    message: null,
    links,
  } as PromotionStepView;
}

const linksOfStep = (s: number, count: number) =>
  Array.from({ length: count }, (_, l) => ({
    url: `https://a.io/${s}/${l}`,
    label: null,
  }));

function promotion(
  p: number,
  steps: PromotionStepView[],
): PromotionTimelineEntry {
  return {
    name: `uat.01j.${String(p).padStart(4, '0')}`,
    freight: { name: 'abc1234', alias: 'bold-fox' },
    actor: 'user:default/alice',
    createdAt: '2026-12-01T09:00:00Z',
    startedAt: '2026-12-01T09:00:01Z',
    finishedAt: '2026-12-01T09:01:00Z',
    phase: 'Succeeded',
    message: null,
    failedStep: null,
    currentStep: null,
    pullRequest: null,
    verification: null,
    steps,
  } as PromotionTimelineEntry;
}

async function renderTimeline(promotions: PromotionTimelineEntry[]) {
  const { Wrapper } = createTestApis();
  await renderInTestApp(
    <Wrapper>
      <PromotionTimeline stage={{ ...where, promotions }} />
    </Wrapper>,
  );
  await screen.findByText('Promotions');
}

const stepLinksIn = (element: ParentNode) =>
  element.querySelectorAll('a[href^="https://a.io/"]');

describe("the links of a Promotion's steps", () => {
  it('shows the first 5 on each row and says how many more the steps hold', async () => {
    await renderTimeline(
      Array.from({ length: 5 }, (_, p) =>
        promotion(
          p,
          Array.from({ length: 10 }, (__, s) => step(s, linksOfStep(s, 20))),
        ),
      ),
    );
    // Was 1,000 Links on the first page.
    expect(stepLinksIn(document)).toHaveLength(25);
    expect(
      screen.getAllByRole('button', { name: '195 more links in the steps' }),
    ).toHaveLength(5);
    expect(screen.getAllByText('+195')).toHaveLength(5);
  }, 60_000);

  it('opens the steps from its +N, drawing at most 50 links and saying how many more each step holds', async () => {
    await renderTimeline([
      promotion(
        0,
        Array.from({ length: 10 }, (_, s) => step(s, linksOfStep(s, 20))),
      ),
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: '195 more links in the steps' }),
    );
    const steps = screen.getByRole('table', {
      name: 'Steps of uat.01j.0000',
    });
    // The first 50, in step order: 20, 20 and 10 of the third step.
    expect(stepLinksIn(steps)).toHaveLength(50);
    const row = (alias: string) =>
      within(steps).getByRole('cell', { name: alias }).closest('tr')!;
    expect(
      within(row('step-2')).getByText('10 more links not shown'),
    ).toBeInTheDocument();
    expect(
      within(row('step-3')).getByText('20 more links not shown'),
    ).toBeInTheDocument();
    expect(
      within(row('step-0')).queryByText(/not shown/),
    ).not.toBeInTheDocument();
  }, 60_000);

  it('shows a URL several steps emitted once, and no +N when all are shown', async () => {
    const shared = { url: 'https://a.io/dashboard', label: 'Dashboard' };
    await renderTimeline([
      promotion(0, [
        step(0, [shared]),
        step(1, [shared, ...linksOfStep(1, 3)]),
        step(2, [shared]),
      ]),
    ]);
    expect(stepLinksIn(document)).toHaveLength(4);
    expect(screen.getAllByRole('link', { name: /^Dashboard/ })).toHaveLength(1);
    expect(screen.queryByText(/^\+\d+$/)).not.toBeInTheDocument();
  });

  it('draws no links for a Promotion whose steps emitted none', async () => {
    await renderTimeline(
      Array.from({ length: 5 }, (_, p) =>
        promotion(
          p,
          Array.from({ length: 10 }, (__, s) => step(s, [])),
        ),
      ),
    );
    expect(stepLinksIn(document)).toHaveLength(0);
  });
});
