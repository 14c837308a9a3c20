import { randomUUID } from 'node:crypto';
import type { CacheService } from '@backstage/backend-plugin-api';
import type { RepositoryListing } from '@kargo-backstage/plugin-kargo-common';

/** One repository's listing as some replica read it, and when (epoch ms). */
export interface SharedListing {
  listing: RepositoryListing;
  listedAt: number;
}

const PREFIX = 'pull-requests:v1:';
/** Moves whenever any replica stored a listing: one cheap read says whether to look. */
const STAMP = `${PREFIX}stamp`;

/**
 * Pull-request listings in the cache store the replicas share (watch mode
 * with redis, valkey or memcache): the replica that lists a repository puts
 * its answer here, the others take it instead of asking the Git provider
 * again. A failing cache store only costs the sharing, never a listing.
 */
export class SharedListings {
  constructor(
    private readonly cache: CacheService,
    /** How long an entry lives: a few listing periods. */
    private readonly ttlMs: number,
  ) {}

  async get(repoKey: string): Promise<SharedListing | undefined> {
    try {
      const raw = await this.cache.get<string>(PREFIX + repoKey);
      return typeof raw === 'string'
        ? (JSON.parse(raw) as SharedListing)
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores listings read from the Git provider, then moves the stamp. */
  async set(entries: Map<string, SharedListing>): Promise<void> {
    if (entries.size === 0) return;
    try {
      for (const [repoKey, entry] of entries) {
        await this.cache.set(PREFIX + repoKey, JSON.stringify(entry), {
          ttl: this.ttlMs,
        });
      }
      await this.cache.set(STAMP, randomUUID(), { ttl: this.ttlMs });
    } catch {
      // The other replicas list it themselves at their next pass.
    }
  }

  /** Changes whenever a replica stored listings; undefined when none did (or the cache fails). */
  async stamp(): Promise<string | undefined> {
    try {
      const raw = await this.cache.get<string>(STAMP);
      return typeof raw === 'string' ? raw : undefined;
    } catch {
      return undefined;
    }
  }
}
