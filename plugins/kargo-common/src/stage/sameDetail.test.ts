import { runInNewContext } from 'node:vm';
import {
  checkoutFreight,
  devRun,
  stagingRuns,
  stagingStage,
} from '../__testUtils__/checkout';
import { prodDetail, stagingDetail } from '../__testUtils__/details';
import { buildStageDetail } from './detail';
import { sameStageDetail } from './sameDetail';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('sameStageDetail', () => {
  it('finds a detail built again from the same objects the same, whenever it was built', () => {
    expect(
      sameStageDetail(prodDetail, {
        ...copy(prodDetail),
        lastUpdated: '2026-12-04T00:00:00Z',
      }),
    ).toBe(true);
  });

  it('tells apart details that differ anywhere else, however deep', () => {
    const changed = copy(stagingDetail);
    changed.verifications[2].phase = 'Inconclusive';
    expect(stagingDetail.verifications[2].phase).not.toBe('Inconclusive');
    expect(sameStageDetail(stagingDetail, changed)).toBe(false);
    expect(
      sameStageDetail(stagingDetail, { ...stagingDetail, stale: true }),
    ).toBe(false);
    expect(sameStageDetail(stagingDetail, prodDetail)).toBe(false);
  });

  it('tells apart a detail with a part the other lacks', () => {
    const { requestedFreight: _dropped, ...without } = copy(stagingDetail);
    expect(sameStageDetail(stagingDetail, without)).toBe(false);
    expect(sameStageDetail(without, stagingDetail)).toBe(false);
  });

  it('finds a detail built from objects of another JSON context the same as its copy from the shared cache', () => {
    // The backend parses the cluster's objects in a V8 context of its own
    // (kargo-node clusterJson.ts); a replica reads details back with JSON.parse.
    const parseElsewhere = runInNewContext('JSON.parse') as typeof JSON.parse;
    const elsewhere = <T>(value: T): T => parseElsewhere(JSON.stringify(value));
    const built = buildStageDetail({
      instance: 'sandbox',
      stage: elsewhere(stagingStage),
      analysisRuns: elsewhere([...stagingRuns, devRun]),
      freight: elsewhere(checkoutFreight),
      lastUpdated: '2026-11-30T12:00:00Z',
    });
    expect(sameStageDetail(built, copy(built))).toBe(true);
    expect(sameStageDetail(copy(built), built)).toBe(true);
    expect(sameStageDetail(built, stagingDetail)).toBe(true);
    const changed = copy(built);
    changed.verifications[2].phase = 'Inconclusive';
    expect(sameStageDetail(built, changed)).toBe(false);
  });
});
