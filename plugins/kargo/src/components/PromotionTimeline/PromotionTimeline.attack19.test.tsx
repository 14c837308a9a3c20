import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import type {
  PromotionStepView,
  PromotionTimelineEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { createTestApis } from '../../__testUtils__/testApis';
import { PromotionTimeline } from './PromotionTimeline';

// Attack 19 (issue 35): each row of the Promotions table draws every link
// of every step of its Promotion (PromotionLinks), a Backstage Link with an
// icon each. The backend keeps 200 steps of 20 links per Promotion (4,000),
// and a Stage's 4 MB of step views hold ~100,000 links of ~10 characters
// (~40 characters each in its budget). A page shows 5 Promotions: 20,000
// Links for whoever opens the Stage's tab, drawn again on each update of
// the Stage (the table re-renders its rows).

const where = { instance: 'sandbox', project: 'payments', name: 'uat' };

function step(s: number, linksPerStep: number): PromotionStepView {
  return {
    alias: `step-${s}`,
    uses: 'compose-output',
    status: 'Succeeded',
    startedAt: null,
    finishedAt: null,
    message: null,
    links: Array.from({ length: linksPerStep }, (_, l) => ({
      url: `https://a.io/${s}/${l}`,
      label: null,
    })),
  } as PromotionStepView;
}

function promotion(
  p: number,
  steps: number,
  linksPerStep: number,
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
    steps: Array.from({ length: steps }, (_, s) => step(s, linksPerStep)),
  } as PromotionTimelineEntry;
}

async function linksDrawn(steps: number, linksPerStep: number) {
  const { Wrapper } = createTestApis();
  await renderInTestApp(
    <Wrapper>
      <PromotionTimeline
        stage={{
          ...where,
          promotions: Array.from({ length: 5 }, (_, p) =>
            promotion(p, steps, linksPerStep),
          ),
        }}
      />
    </Wrapper>,
  );
  await screen.findByText('Promotions');
  return document.querySelectorAll('a[href^="https://a.io/"]').length;
}

describe('the Promotions table draws every step link of a page (attack 19)', () => {
  it('5 Promotions of 10 steps x 20 links: 1,000 Links on the first page', async () => {
    // Measured (jsdom): 5 x 40 steps x 20 links drew 4,000 Links in 22.6 s;
    // at the backend's caps (200 steps x 20 links): 20,000 per page.
    expect(await linksDrawn(10, 20)).toBe(1_000);
  }, 60_000);

  it('for comparison, 5 Promotions of 10 steps without links', async () => {
    expect(await linksDrawn(10, 0)).toBe(0);
  }, 60_000);
});
