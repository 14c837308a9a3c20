import type { Freight } from '../types';
import { asArray, sameObjects } from '../util/objects';
import { smallestN } from '../util/smallest';
import { toMillis } from '../util/time';
import {
  type FreightHashes,
  type FreightIndex,
  indexFreight,
} from '../verification/freightOfRun';
import { originKey } from './freightAvailability';

/**
 * The Freight of an origin a Stage's options consider at most, newest first.
 * A Stage lists 20; Kargo's garbage collector keeps about as many per
 * Warehouse (akuity/kargo v1.11.2 pkg/garbage/collector.go:
 * MaxRetainedFreight default 20 older than the oldest in use, none younger
 * than MinFreightDeletionAge 336h), so real origins rarely hold more. A
 * project member can create thousands: no Stage reads past these.
 */
export const MAX_FREIGHT_PER_ORIGIN = 100;

interface Dated {
  freight: Freight;
  at: number;
  /** Its place in the project's list: ties keep the list's order. */
  position: number;
}

const newestFirst = (a: Dated, b: Dated) =>
  b.at - a.at || a.position - b.position;

/**
 * The Freight of one project, indexed once and shared by all of its
 * Stages: each Stage then costs what its own options and references take,
 * not the project's whole Freight list (a project member can make both
 * large). Each part is built when a Stage first needs it. Kept between
 * builds while the list holds the same objects (see `ProjectIndexes`).
 *
 * @public
 */
export class ProjectFreight {
  private index?: FreightIndex;
  private origins?: Map<string, Dated[]>;

  /**
   * `hashes`: the project's Freight names hashed by its last index, kept by
   * the project's owner (see `ProjectIndexes`): not hashed again.
   */
  constructor(
    private readonly freight: Freight[] | undefined,
    private readonly hashes?: FreightHashes,
  ) {}

  /** Every Freight by name: what a Stage holds or verified, however old. */
  get byName(): FreightIndex {
    return (this.index ??= indexFreight(this.freight, this.hashes));
  }

  /** Whether this indexes exactly these objects (see `sameObjects`). */
  indexes(freight: Freight[] | undefined): boolean {
    return sameObjects(this.freight, freight);
  }

  /** The newest `limit` Freight of these origins, newest first. */
  newestOf(origins: Iterable<string>, limit: number): Freight[] {
    const byOrigin = (this.origins ??= this.groupByOrigin());
    const candidates: Dated[] = [];
    for (const origin of new Set(origins)) {
      candidates.push(...(byOrigin.get(origin) ?? []).slice(0, limit));
    }
    return candidates
      .sort(newestFirst)
      .slice(0, limit)
      .map(d => d.freight);
  }

  private groupByOrigin(): Map<string, Dated[]> {
    const groups = new Map<string, Dated[]>();
    asArray(this.freight).forEach((f, position) => {
      if (!f?.metadata?.name) return;
      const key = originKey(f.origin);
      const at = toMillis(f.metadata.creationTimestamp) ?? 0;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push({ freight: f, at, position });
    });
    // The newest of each origin, selected without sorting it whole (500,000
    // Freight of one origin).
    for (const [key, group] of groups)
      groups.set(key, smallestN(group, MAX_FREIGHT_PER_ORIGIN, newestFirst));
    return groups;
  }
}

/** `freight` as a ProjectFreight (one built for a lone Stage when a list). */
export function projectFreightOf(
  freight: Freight[] | ProjectFreight | undefined,
): ProjectFreight {
  return freight instanceof ProjectFreight
    ? freight
    : new ProjectFreight(freight);
}
