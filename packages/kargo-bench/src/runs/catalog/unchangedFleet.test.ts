import { compareStored, type StoredEntity } from './unchangedFleet';

const stage = (name: string, etag: string, phase = 'Successful'): StoredEntity => ({
  metadata: { name, etag, annotations: { 'kargo.akuity.io/verification-phase': phase } },
  relations: [],
});

const byName = (...entities: StoredEntity[]) => new Map(entities.map(e => [e.metadata.name, e]));

describe('compareStored', () => {
  it('counts as rewritten only entities both reads listed, and names what changed in them', () => {
    const before = byName(stage('a', '1'), stage('b', '1'));
    // A page the first read did not get (c, d) is no rewrite; b's phase changed.
    const after = byName(stage('a', '1'), stage('b', '2', 'Failed'), stage('c', '1'), stage('d', '1'));
    expect(compareStored(before, after)).toEqual({
      entitiesRewritten: 1,
      notListedBefore: 2,
      rewrittenFields: {
        'metadata.etag': 1,
        'metadata.annotations.kargo.akuity.io/verification-phase': 1,
      },
    });
  });
});
