/** The fixtures' profile of the shared Kargo object builders, and their names and ids. */
import {
  kargoObjects,
  sequenceUlid,
  sha1,
} from '@kargo-backstage/kargo-test-objects';

export { collectionId } from '@kargo-backstage/kargo-test-objects';

/** Objects without uids, on the fixtures' clock (2026-11-30T09:00:00Z). */
export const objects = kargoObjects({
  epoch: '2026-11-30T09:00:00Z',
  uid: () => undefined,
});

/** RFC 3339 time `minutes` after 2026-11-30T09:00:00Z. */
export const at = objects.at;

/** A lower-case ULID whose order follows `n` (as time would). */
export const ulid = sequenceUlid;

/** A Freight name as Kargo generates it (sha1 hex). */
export function freightName(seed: string): string {
  return sha1(`Warehouse/app:${seed}`);
}

export function uuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `5f0c3a2e-8d1b-4c7e-9a6f-${hex}`;
}
