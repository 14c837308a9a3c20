import type { DatabaseService } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';

const TABLE = 'kargo_sent_notifications';

/**
 * The event keys already announced, in the plugin's database: shared by
 * replicas and kept across restarts, so an event is announced once.
 */
export class SentNotifications {
  private constructor(private readonly db: Knex) {}

  static async create(database: DatabaseService): Promise<SentNotifications> {
    const db = await database.getClient();
    if (!(await db.schema.hasTable(TABLE))) {
      await db.schema
        .createTable(TABLE, table => {
          table.string('key', 512).primary().notNullable();
          table.timestamp('sent_at').notNullable();
        })
        .catch(async error => {
          // Another replica created it meanwhile.
          if (!(await db.schema.hasTable(TABLE))) throw error;
        });
    }
    return new SentNotifications(db);
  }

  /** True when this caller is the first to claim the key (then it sends). */
  async claim(key: string): Promise<boolean> {
    try {
      await this.db(TABLE).insert({ key, sent_at: new Date() });
      return true;
    } catch (error) {
      // A unique violation: someone (this or another replica) claimed it first.
      const existing = await this.db(TABLE).where({ key }).first();
      if (existing) return false;
      throw error;
    }
  }

  /** Gives the key back when sending failed, so a later look retries. */
  async release(key: string): Promise<void> {
    await this.db(TABLE).where({ key }).delete();
  }
}
