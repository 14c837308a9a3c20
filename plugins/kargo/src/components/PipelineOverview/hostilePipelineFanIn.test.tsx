import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import type { FreightRequest } from '@kargo-backstage/plugin-kargo-common';
import { stage } from '../../__fixtures__/stages';
import { PipelineOverview } from './PipelineOverview';

// Issue 35, attack 16. A project member writes each Stage's
// `sources.stages`; every name of a Stage shown is one edge of the
// pipeline graph (buildPipelineGraph, linear since attack 9). Drawing it,
// ProjectPipeline asks `fromOf(name)` for each node, and each call filters
// the whole edge list: nodes × edges per render. P Stages each taking
// Freight from all before it hold P²/2 names and cost P³/2: 60 Stages
// (1,770 edges) scan 106,200 edges, 60 times their names; 1,000 Stages
// (500,000 names, ~6 MB) would scan 500 million per render in every
// viewer's browser.

const STAGES = 60;

const from = (stages: string[]): FreightRequest[] => [
  {
    origin: 'Warehouse/shop',
    direct: stages.length === 0,
    stages,
    requiredSoakTime: null,
  },
];

/** Edge-like entries (`from` and `to`) that Array filters read during `fn`. */
async function edgesFiltered(fn: () => Promise<void>): Promise<number> {
  let scanned = 0;
  // A plain wrapper, restored after `fn` (a jest spy records every call).
  /* eslint-disable no-extend-native */
  const realFilter = Array.prototype.filter;
  Array.prototype.filter = function filter(this: unknown[], ...args: never[]) {
    const first = this[0] as { from?: unknown; to?: unknown } | undefined;
    if (first && typeof first === 'object' && 'from' in first && 'to' in first)
      scanned += this.length;
    return (realFilter as (...a: never[]) => unknown[]).apply(this, args);
  } as never;
  try {
    await fn();
  } finally {
    Array.prototype.filter = realFilter;
  }
  /* eslint-enable no-extend-native */
  return scanned;
}

describe('a pipeline whose Stages each take Freight from all before them (attack 16)', () => {
  it('groups the edges once per graph: 60 Stages of 1,770 edges scan far fewer than one scan per Stage drawn (it was 106,200 in one render)', async () => {
    const names = Array.from(
      { length: STAGES },
      (_, i) => `s${String(i).padStart(3, '0')}`,
    );
    const stages = names.map((name, i) =>
      stage({
        project: 'shop',
        name,
        requestedFreight: from(names.slice(0, i)),
        currentFreight: null,
      }),
    );
    const edges = (STAGES * (STAGES - 1)) / 2 + 1; // + the first's direct one
    const scanned = await edgesFiltered(async () => {
      await renderInTestApp(
        <PipelineOverview stages={stages} onSelect={jest.fn()} />,
      );
    });
    const items = within(
      screen.getByRole('list', { name: 'Pipeline shop' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(STAGES);
    // No scan of the edges per Stage drawn (React may render more than
    // once: still a few scans at most).
    expect(scanned).toBeLessThan((STAGES * edges) / 10);
    // Each Stage still names the Stages it takes Freight from.
    expect(items[2]).toHaveTextContent('s000, s001');
  });
});
