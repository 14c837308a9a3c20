import { KARGO_ANNOTATIONS } from '../constants';
import {
  entityRefFromCatalogLocation,
  isKargoStageSearchDocument,
  kargoStageStatusFromAnnotations,
} from './stageStatus';

describe('kargoStageStatusFromAnnotations', () => {
  it('reads phase, stale flag and pull request counts', () => {
    expect(
      kargoStageStatusFromAnnotations({
        [KARGO_ANNOTATIONS.verificationPhase]: 'Failed',
        [KARGO_ANNOTATIONS.verificationStale]: 'true',
        [KARGO_ANNOTATIONS.openPullRequests]: '3',
        [KARGO_ANNOTATIONS.orphanedPullRequests]: '1',
      }),
    ).toEqual({
      phase: 'Failed',
      stale: true,
      openPullRequests: 3,
      orphanedPullRequests: 1,
    });
  });

  it('is undefined without the phase annotation, zero for bad counts', () => {
    expect(kargoStageStatusFromAnnotations(undefined)).toBeUndefined();
    expect(kargoStageStatusFromAnnotations({})).toBeUndefined();
    expect(
      kargoStageStatusFromAnnotations({
        [KARGO_ANNOTATIONS.verificationPhase]: 'None',
        [KARGO_ANNOTATIONS.openPullRequests]: 'many',
      }),
    ).toEqual({
      phase: 'None',
      stale: false,
      openPullRequests: 0,
      orphanedPullRequests: 0,
    });
  });
});

describe('isKargoStageSearchDocument', () => {
  it('accepts only kargo-stage Resources', () => {
    expect(
      isKargoStageSearchDocument({ kind: 'Resource', type: 'kargo-stage' }),
    ).toBe(true);
    expect(
      isKargoStageSearchDocument({ kind: 'Component', type: 'kargo-stage' }),
    ).toBe(false);
    expect(
      isKargoStageSearchDocument({ kind: 'Resource', type: 'database' }),
    ).toBe(false);
  });
});

describe('entityRefFromCatalogLocation', () => {
  it('reads namespace, kind and name from the collator location', () => {
    expect(
      entityRefFromCatalogLocation('/catalog/default/resource/kargo-shop-prod'),
    ).toBe('resource:default/kargo-shop-prod');
    expect(entityRefFromCatalogLocation('/docs/default/component/x/y')).toBe(
      undefined,
    );
  });
});
