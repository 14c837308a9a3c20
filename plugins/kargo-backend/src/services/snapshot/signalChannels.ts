import { createHmac, randomBytes } from 'node:crypto';
import type {
  DatabaseService,
  RootConfigService,
} from '@backstage/backend-plugin-api';

const TABLE = 'kargo_signal_keys';
const ROW = 'project-channels';
/** `kargo.signals.channelKey` must be at least this long (a guessable key would make channels guessable). */
const MIN_KEY_LENGTH = 32;

/**
 * The Backstage signal channel of each Kargo project: `kargo:` and an HMAC
 * (SHA-256, a server-held key) of instance and project. Nobody can derive it
 * from a project name; the backend hands it out only inside answers that
 * checked `kargo.stage.read` (the entity's Stages, an AnalysisRun).
 *
 * The key is `kargo.signals.channelKey` when set; otherwise one generated
 * once and kept in the plugin's database, so every replica sharing that
 * database (and a restarted backend) names the same channels. Changing the
 * key (or deleting the row) renames every channel: open pages follow at
 * their next read.
 */
export class ProjectSignalChannels {
  private constructor(private readonly key: Buffer) {}

  static fromKey(key: string): ProjectSignalChannels {
    return new ProjectSignalChannels(Buffer.from(key, 'utf8'));
  }

  static async create(options: {
    config: RootConfigService;
    database: DatabaseService;
  }): Promise<ProjectSignalChannels> {
    const configured = options.config.getOptionalString(
      'kargo.signals.channelKey',
    );
    if (configured !== undefined) {
      if (configured.length < MIN_KEY_LENGTH) {
        throw new Error(
          `kargo.signals.channelKey must be at least ${MIN_KEY_LENGTH} characters`,
        );
      }
      return ProjectSignalChannels.fromKey(configured);
    }
    return ProjectSignalChannels.fromKey(await storedKey(options.database));
  }

  /** The opaque channel of one project. */
  channelOf(instance: string, project: string): string {
    const mac = createHmac('sha256', this.key)
      .update(`${instance}\u0000${project}`)
      .digest('base64url');
    return `kargo:${mac}`;
  }
}

/** The key in the plugin's database: the first replica to start writes it, every other one reads it. */
async function storedKey(database: DatabaseService): Promise<string> {
  const db = await database.getClient();
  if (!(await db.schema.hasTable(TABLE))) {
    await db.schema
      .createTable(TABLE, table => {
        table.string('name', 64).primary().notNullable();
        table.string('key', 128).notNullable();
      })
      .catch(async error => {
        // Another replica created it meanwhile.
        if (!(await db.schema.hasTable(TABLE))) throw error;
      });
  }
  await db(TABLE)
    .insert({ name: ROW, key: randomBytes(32).toString('hex') })
    .onConflict('name')
    .ignore();
  const row = await db(TABLE).where({ name: ROW }).first();
  if (!row?.key) throw new Error('The Kargo signal key could not be stored');
  return row.key as string;
}
