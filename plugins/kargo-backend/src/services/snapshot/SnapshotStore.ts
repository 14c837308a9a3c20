import type { CacheService } from '@backstage/backend-plugin-api';
import type { JsonValue } from '@backstage/types';
import type { InstanceState } from './types';

// v2: the state is cached as one JSON string (v1 entries were objects, which a
// v1 replica still reads under its own key during a rolling upgrade).
const KEY_PREFIX = 'snapshot:v2:';

/**
 * The cache service's keyv serialiser walks an object value in JavaScript,
 * key by key (and a reviver on every read); a string value costs it one
 * native JSON.stringify (figures: docs/benchmarks.md#measurements-behind-the-code). So the state goes in as the
 * native serialisation of itself, and either form is accepted back.
 */
function decode(value: unknown): InstanceState | undefined {
  if (typeof value === 'string') return JSON.parse(value) as InstanceState;
  return (value ?? undefined) as InstanceState | undefined;
}

/**
 * Keeps each instance's state in memory and, when the cache service is shared
 * between replicas, in the cache too, so that replicas which do not run the
 * (globally locked) refresh task serve the same data. The newest of the two
 * wins.
 */
export class SnapshotStore {
  private readonly memory = new Map<string, InstanceState>();
  /** The cached text each memory entry was decoded from: unchanged text is not parsed again. */
  private readonly decodedFrom = new Map<string, string>();

  constructor(
    /**
     * The cache service when its store is shared (redis, valkey, memcache);
     * undefined for the in-process memory store, where a copy would only cost
     * a serialisation of the whole state per refresh that nobody else reads.
     */
    private readonly cache: CacheService | undefined,
    /** How long a cached state lives: a few refresh periods. */
    private readonly ttlMs: number,
    /** Memory younger than this is served without asking the cache. */
    private readonly freshMs: number,
  ) {}

  async get(instance: string): Promise<InstanceState | undefined> {
    const local = this.memory.get(instance);
    if (local && Date.now() - Date.parse(local.attemptedAt) < this.freshMs) {
      return local;
    }
    if (!this.cache) return local && this.markStaleWhenOld(local);
    let shared: InstanceState | undefined;
    try {
      const raw = await this.cache.get<JsonValue>(KEY_PREFIX + instance);
      if (
        typeof raw === 'string' &&
        local &&
        this.decodedFrom.get(instance) === raw
      ) {
        shared = local;
      } else {
        shared = decode(raw);
        if (typeof raw === 'string') this.decodedFrom.set(instance, raw);
      }
    } catch {
      // A failing (or garbled) cache store must not take the API down: memory will do.
    }
    if (
      shared &&
      (!local ||
        Date.parse(shared.attemptedAt) >= Date.parse(local.attemptedAt))
    ) {
      this.memory.set(instance, shared);
      return shared;
    }
    return local && this.markStaleWhenOld(local);
  }

  /**
   * A replica that does not win the refresh lock must not serve its own old
   * copy as fresh forever once the shared entry has expired: past the cache
   * TTL nobody has refreshed this instance, so say so.
   */
  private markStaleWhenOld(local: InstanceState): InstanceState {
    if (Date.now() - Date.parse(local.attemptedAt) <= this.ttlMs) return local;
    return {
      ...local,
      stale: true,
      error:
        local.error ??
        `No refresh of instance '${local.instance}' has completed since ${local.attemptedAt}`,
    };
  }

  async set(state: InstanceState): Promise<void> {
    this.memory.set(state.instance, state);
    if (!this.cache) return;
    try {
      const text = JSON.stringify(state);
      this.decodedFrom.set(state.instance, text);
      await this.cache.set(KEY_PREFIX + state.instance, text, {
        ttl: this.ttlMs,
      });
    } catch {
      // Memory still holds it; other replicas refresh on their own.
    }
  }
}
