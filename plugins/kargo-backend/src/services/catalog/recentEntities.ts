import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  stringifyEntityRef,
  type CompoundEntityRef,
  type Entity,
} from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';

/** How long a caller's read of an entity is reused. */
const TTL_MS = 5_000;
/** Callers x entities kept at most; the oldest read goes first. */
const MAX_ENTRIES = 1_000;

interface Entry {
  until: number;
  entity: Promise<Entity | undefined>;
}

/**
 * Who the catalog answers for: a user (and the service acting for them) or a
 * service. `undefined` for anyone else, whose reads are never reused.
 */
function callerOf(credentials: BackstageCredentials): string | undefined {
  const principal = credentials.principal as {
    type?: string;
    userEntityRef?: string;
    subject?: string;
    actor?: { subject?: string };
  };
  if (principal.type === 'user' && principal.userEntityRef) {
    return `user:${principal.userEntityRef}|${principal.actor?.subject ?? ''}`;
  }
  if (principal.type === 'service' && principal.subject) {
    return `service:${principal.subject}`;
  }
  return undefined;
}

/**
 * The catalog's answer to `getEntityByRef` with the caller's own
 * credentials, reused for a few seconds for the same caller and entity. A
 * Kargo tab asks for its entity's Stages on every change it is told of; each
 * read is an HTTP request to the catalog with a token minted for the caller
 * and the catalog's own permission check. A read is never shared between
 * callers, and "not found" (missing or not visible to that caller) is reused
 * like an entity: the same answer for both.
 */
export class RecentEntities {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly catalog: Pick<CatalogService, 'getEntityByRef'>,
    private readonly now: () => number = Date.now,
  ) {}

  get(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ): Promise<Entity | undefined> {
    const caller = callerOf(credentials);
    if (!caller) return this.catalog.getEntityByRef(ref, { credentials });
    const key = `${caller}|${stringifyEntityRef(ref).toLocaleLowerCase('en-US')}`;
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.entity;
    this.entries.delete(key);
    const entity = this.catalog.getEntityByRef(ref, { credentials });
    this.entries.set(key, { until: now + TTL_MS, entity });
    // A failed read is not reused.
    entity.catch(() => {
      if (this.entries.get(key)?.entity === entity) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return entity;
  }
}
