import { createHash } from 'node:crypto';
import type { DatabaseService } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';

const TABLE = 'kargo_sent_notifications';
/** The column's width (created so, see `create`). */
const KEY_COLUMN_LENGTH = 512;
/**
 * Rows older than this are pruned: an event that still holds after it (say an
 * orphaned PR left open 30 days) may be announced again once, e.g. after a
 * restart, which is also a fair reminder.
 */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Pruning runs at most this often per process, when a key is written. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** Keys per `where in` (SQLite allows 999 parameters at least). */
const CHUNK = 400;

/**
 * What is stored for an event key: its SHA-256, in hex (64 characters).
 * Keys hold what project members write (verification ids, PR/MR URLs) and
 * may exceed the column; on Postgres a longer insert failed, and the
 * notification was never sent (issue 35, finding 5).
 */
export function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The event keys already announced, in the plugin's database: shared by
 * replicas and kept across restarts (for `SENT_RETENTION_MS`), so an event is
 * announced once.
 */
export class SentNotifications {
  private lastPrune = 0;

  private constructor(
    private readonly db: Knex,
    private readonly now: () => number,
  ) {}

  static async create(
    database: DatabaseService,
    options: { now?: () => number } = {},
  ): Promise<SentNotifications> {
    const db = await database.getClient();
    if (!(await db.schema.hasTable(TABLE))) {
      await db.schema
        .createTable(TABLE, table => {
          table.string('key', KEY_COLUMN_LENGTH).primary().notNullable();
          table.timestamp('sent_at').notNullable();
        })
        .catch(async error => {
          // Another replica created it meanwhile.
          if (!(await db.schema.hasTable(TABLE))) throw error;
        });
    }
    return new SentNotifications(db, options.now ?? Date.now);
  }

  /**
   * Which of the keys were announced already: one query per 400 keys, made
   * before anything else is done for an event.
   */
  async alreadySent(keys: string[]): Promise<Set<string>> {
    const unique = [...new Set(keys)];
    const byStored = new Map<string, string>();
    for (const key of unique) {
      byStored.set(storedKey(key), key);
      // Rows written before keys were hashed hold the key itself: they
      // still count (until pruned), so an upgrade repeats nothing.
      if (key.length <= KEY_COLUMN_LENGTH) byStored.set(key, key);
    }
    const stored = [...byStored.keys()];
    const sent = new Set<string>();
    for (let i = 0; i < stored.length; i += CHUNK) {
      const rows: { key: string }[] = await this.db(TABLE)
        .select('key')
        .whereIn('key', stored.slice(i, i + CHUNK));
      for (const row of rows) sent.add(byStored.get(row.key)!);
    }
    return sent;
  }

  /** True when this caller is the first to claim the key (then it sends). */
  async claim(key: string): Promise<boolean> {
    await this.prune();
    const stored = storedKey(key);
    try {
      await this.db(TABLE).insert({
        key: stored,
        sent_at: new Date(this.now()),
      });
      return true;
    } catch (error) {
      // A unique violation: someone (this or another replica) claimed it first.
      const existing = await this.db(TABLE).where({ key: stored }).first();
      if (existing) return false;
      throw error;
    }
  }

  /** Gives the key back when sending failed, so a later look retries. */
  async release(key: string): Promise<void> {
    await this.db(TABLE)
      .where({ key: storedKey(key) })
      .delete();
  }

  /** Drops rows older than `SENT_RETENTION_MS` (at most hourly). */
  private async prune(): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    // A failed prune blocks no notification: the next one an hour on retries.
    await this.db(TABLE)
      .where('sent_at', '<', new Date(now - SENT_RETENTION_MS))
      .delete()
      .catch(() => undefined);
  }
}
