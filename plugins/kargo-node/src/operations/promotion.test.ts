import { ConflictError } from '@backstage/errors';
import { reasonOf, type Promotion } from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '../types';
import { abortPromotion } from './promotion';

/** A Promotion whose status the controller keeps changing (a new resourceVersion per read). */
function runningPromotion(phases: string[]) {
  let reads = 0;
  const getPromotion = jest.fn(async (): Promise<Promotion> => {
    const phase = phases[Math.min(reads, phases.length - 1)];
    reads += 1;
    return {
      metadata: { name: 'uat.01abc.8c7983f', resourceVersion: String(reads) },
      spec: { stage: 'uat', freight: 'f' },
      status: { phase },
    } as Promotion;
  });
  return getPromotion;
}

function cluster(
  getPromotion: jest.Mock,
  conflicts: number,
): KargoClusterClient & { patchPromotionAnnotations: jest.Mock } {
  let left = conflicts;
  return {
    getPromotion,
    patchPromotionAnnotations: jest.fn(async () => {
      if (left-- > 0) {
        throw new ConflictError(
          'the object has been modified; please apply your changes to the latest version',
        );
      }
      return {} as Promotion;
    }),
  } as unknown as KargoClusterClient & { patchPromotionAnnotations: jest.Mock };
}

const options = {
  project: 'payments',
  stage: 'uat',
  promotion: 'uat.01abc.8c7983f',
  actor: 'user:default/alice',
};

describe('abortPromotion', () => {
  it('reads the running Promotion again and aborts it when its status changed in between (a conflict)', async () => {
    const c = cluster(runningPromotion(['Running']), 2);
    await expect(abortPromotion({ ...options, cluster: c })).resolves.toEqual({
      promotion: options.promotion,
    });
    expect(c.patchPromotionAnnotations).toHaveBeenCalledTimes(3);
    // Each patch names the version it was checked at.
    expect(c.patchPromotionAnnotations.mock.calls.map(call => call[3])).toEqual(
      [
        { resourceVersion: '1' },
        { resourceVersion: '2' },
        { resourceVersion: '3' },
      ],
    );
  });

  it('answers promotionEnded when the Promotion ended during the conflict, and writes no more', async () => {
    const c = cluster(runningPromotion(['Running', 'Succeeded']), 1);
    const error = await abortPromotion({ ...options, cluster: c }).catch(
      e => e,
    );
    expect(reasonOf(error)?.code).toBe('promotionEnded');
    expect(c.patchPromotionAnnotations).toHaveBeenCalledTimes(1);
  });

  it('gives up with the conflict after five tries', async () => {
    const c = cluster(runningPromotion(['Running']), 100);
    await expect(
      abortPromotion({ ...options, cluster: c }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
    });
    expect(c.patchPromotionAnnotations).toHaveBeenCalledTimes(5);
  });
});
