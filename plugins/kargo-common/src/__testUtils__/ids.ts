/** Names, ids and times shaped as Kargo generates them. */
import { clockFrom, collectionId } from '@kargo-backstage/kargo-test-objects';
import { sha1Hex } from '../util/hash';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** A lower-case ULID whose order follows `n` (as time would). */
export function ulid(n: number): string {
  let tail = '';
  let rest = n;
  for (let i = 0; i < 6; i++) {
    tail = CROCKFORD[rest % 32] + tail;
    rest = Math.floor(rest / 32);
  }
  return `01jc8m3x${tail}`.padEnd(26, '0');
}

/** RFC 3339 time `minutes` after 2026-11-30T09:00:00Z. */
export const at = clockFrom('2026-11-30T09:00:00Z');

/** A Freight name as Kargo generates it (sha1 hex). */
export function freightName(seed: string): string {
  return sha1Hex(`Warehouse/app:${seed}`);
}

export { collectionId };

export function uuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `5f0c3a2e-8d1b-4c7e-9a6f-${hex}`;
}
