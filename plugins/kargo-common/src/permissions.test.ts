import {
  kargoPermissions,
  kargoStageResourceRef,
  parseKargoStageResourceRef,
} from './permissions';

describe('Stage resource refs', () => {
  it('round-trips instance, project and Stage', () => {
    const stage = {
      instance: 'production',
      project: 'checkout',
      name: 'eu.prod',
    };
    expect(kargoStageResourceRef(stage)).toBe('production/checkout/eu.prod');
    expect(parseKargoStageResourceRef(kargoStageResourceRef(stage))).toEqual(
      stage,
    );
  });

  it.each(['a/b', 'a/b/c/d', 'a//c', ''])('rejects %p', ref => {
    expect(parseKargoStageResourceRef(ref)).toBeUndefined();
  });

  it('names every permission kargo.<resource>.<action>', () => {
    expect(kargoPermissions.map(p => p.name)).toEqual([
      'kargo.stage.read',
      'kargo.stage.reverify',
      'kargo.stage.abort',
      'kargo.stage.promote',
      'kargo.freight.approve',
      'kargo.stage.refresh',
      'kargo.pullrequest.open',
      'kargo.pullrequest.close',
      'kargo.analysisrun.raw.read',
    ]);
  });
});
