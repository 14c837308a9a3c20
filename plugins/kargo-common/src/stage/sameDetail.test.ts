import { prodDetail, stagingDetail } from '../__testUtils__/details';
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
});
