import { checkoutFreight, stagingStage } from '../__testUtils__/checkout';
import { v07Stage } from '../__testUtils__/legacy';
import { summarizeFreight } from './currentFreight';

describe('summarizeFreight', () => {
  it('joins the current Freight with its Freight object', () => {
    const f = checkoutFreight[3];
    expect(summarizeFreight(stagingStage, checkoutFreight)).toEqual({
      name: f.metadata!.name,
      alias: 'wobbly-owl',
      origin: 'Warehouse/checkout',
      commits: [
        {
          repoURL: 'https://github.com/acme/checkout-deploy',
          id: f.commits![0].id,
          tag: null,
          branch: 'main',
          message: 'Release v1.3.0',
        },
      ],
      images: [
        {
          repoURL: 'ghcr.io/acme/checkout',
          tag: 'v1.3.0',
          digest: f.images![0].digest,
        },
      ],
      charts: [],
    });
  });

  it('falls back to the reference in the status without Freight objects', () => {
    const summary = summarizeFreight(stagingStage);
    expect(summary?.alias).toBeNull();
    expect(summary?.images.map(i => i.tag)).toEqual(['v1.3.0']);
  });

  it('uses the alias label and charts of the Freight object', () => {
    const f = {
      ...checkoutFreight[3],
      alias: undefined,
      charts: [
        {
          repoURL: 'oci://ghcr.io/acme/charts',
          name: 'checkout',
          version: '1.3.0',
        },
        {},
      ],
    };
    const summary = summarizeFreight(stagingStage, [f]);
    expect(summary?.alias).toBe('wobbly-owl');
    expect(summary?.charts).toEqual([
      {
        repoURL: 'oci://ghcr.io/acme/charts',
        name: 'checkout',
        version: '1.3.0',
      },
    ]);
  });

  it('reads status.currentFreight of Kargo v0.7', () => {
    expect(summarizeFreight(v07Stage, [])).toMatchObject({
      name: v07Stage.status!.currentFreight!.name,
      origin: null,
    });
  });

  it('is null when nothing was promoted', () => {
    expect(
      summarizeFreight({ status: { freightHistory: [] } }, checkoutFreight),
    ).toBeNull();
    expect(summarizeFreight({}, checkoutFreight)).toBeNull();
    expect(
      summarizeFreight({ status: { freightHistory: [{ items: {} }] } }),
    ).toBeNull();
  });

  it('names an origin without kind by its name', () => {
    expect(
      summarizeFreight({
        status: {
          freightHistory: [
            { items: { w: { name: 'abc', origin: { name: 'w' } } } },
          ],
        },
      })?.origin,
    ).toBe('w');
  });
});
