import { sameJson } from '../util/sameJson';
import type { StageDetail } from '../types';

/**
 * Whether two details of a Stage say the same, whenever each was built
 * (`lastUpdated` aside). Parts one detail shares with the other (a
 * pull-request rebuild keeps most of them) compare at once, by reference.
 *
 * @public
 */
export function sameStageDetail(a: StageDetail, b: StageDetail): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as Array<keyof StageDetail>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    key => key === 'lastUpdated' || (key in b && sameJson(a[key], b[key])),
  );
}
