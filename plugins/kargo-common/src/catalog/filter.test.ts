import {
  kargoCatalogFilterFields,
  kargoSelectionFromQuery,
  kargoSelectionToQuery,
  matchesKargoSelection,
} from './filter';

const failedWithOrphan = {
  'kargo.akuity.io/verification-phase': 'Failed',
  'kargo.akuity.io/verification-stale': 'false',
  'kargo.akuity.io/open-pull-requests': '2',
  'kargo.akuity.io/orphaned-pull-requests': '1',
};
const staleSuccessful = {
  'kargo.akuity.io/verification-phase': 'Successful',
  'kargo.akuity.io/verification-stale': 'true',
  'kargo.akuity.io/open-pull-requests': '0',
};

describe('the Kargo catalog selection', () => {
  it('keeps the entities whose annotations match every chosen part', () => {
    const keep = (selection: Parameters<typeof matchesKargoSelection>[1]) =>
      [failedWithOrphan, staleSuccessful, undefined].map(a =>
        matchesKargoSelection(a, selection),
      );
    expect(keep({})).toEqual([true, true, true]);
    expect(keep({ phase: 'Failed' })).toEqual([true, false, false]);
    expect(keep({ stale: true })).toEqual([false, true, false]);
    expect(keep({ openPullRequests: true })).toEqual([true, false, false]);
    expect(keep({ orphanedPullRequests: true })).toEqual([true, false, false]);
    expect(keep({ phase: 'Failed', stale: true })).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('asks the catalog backend for the exact values and the present counts', () => {
    expect(kargoCatalogFilterFields({})).toEqual({});
    expect(
      kargoCatalogFilterFields({
        phase: 'Failed',
        stale: true,
        orphanedPullRequests: true,
      }),
    ).toEqual({
      'metadata.annotations.kargo.akuity.io/verification-phase': 'Failed',
      'metadata.annotations.kargo.akuity.io/verification-stale': 'true',
      'metadata.annotations.kargo.akuity.io/orphaned-pull-requests': null,
    });
  });

  it('round-trips through query parameters and ignores unknown values', () => {
    const selection = {
      phase: 'Running',
      stale: true,
      openPullRequests: true,
      orphanedPullRequests: true,
    };
    expect(kargoSelectionFromQuery(kargoSelectionToQuery(selection))).toEqual(
      selection,
    );
    expect(kargoSelectionFromQuery(['bogus', 'phase:'])).toEqual({});
    expect(kargoSelectionFromQuery('stale')).toEqual({ stale: true });
  });
});
