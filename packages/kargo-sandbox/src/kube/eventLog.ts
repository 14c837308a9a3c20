/**
 * The watch history: the newest `capacity` events in a ring buffer, so that
 * recording one costs O(1) once the log is full (trimming with splice moved
 * the whole log on every write), and the revision before which history is
 * gone, which decides when a watch must relist (410 Expired).
 */
import type { StoreEvent } from './store';

export class EventLog {
  private readonly ring: Array<StoreEvent | undefined>;
  /** Where the oldest kept event is in `ring`. */
  private head = 0;
  private size = 0;
  /** Events at or before this revision are gone (trimmed or never recorded). */
  private floor: number;

  constructor(private readonly capacity: number, startRevision: number) {
    this.ring = new Array(capacity);
    this.floor = startRevision;
  }

  /** Appends an event; its rv is newer than any recorded or compacted one. */
  record(e: StoreEvent): void {
    if (this.capacity === 0) {
      this.floor = e.rv;
      return;
    }
    if (this.size === this.capacity) {
      this.floor = this.ring[this.head]!.rv;
      this.ring[this.head] = e;
      this.head = (this.head + 1) % this.capacity;
    } else {
      this.ring[(this.head + this.size) % this.capacity] = e;
      this.size++;
    }
  }

  /**
   * Drops all history up to `revision`, as an etcd compaction: a watch from
   * an older resourceVersion then gets 'expired' and relists.
   */
  compact(revision: number): void {
    this.ring.fill(undefined);
    this.head = 0;
    this.size = 0;
    this.floor = Math.max(this.floor, revision);
  }

  /** Events after `rv`, oldest first, or 'expired' when history no longer reaches back to it. */
  since(rv: number): StoreEvent[] | 'expired' {
    if (rv < this.floor) return 'expired';
    // Events are in rv order: binary search for the first one after rv.
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).rv <= rv) lo = mid + 1;
      else hi = mid;
    }
    const events: StoreEvent[] = [];
    for (let i = lo; i < this.size; i++) events.push(this.at(i));
    return events;
  }

  /** How many events are kept (at most the capacity). */
  get length(): number {
    return this.size;
  }

  private at(i: number): StoreEvent {
    return this.ring[(this.head + i) % this.capacity]!;
  }
}
