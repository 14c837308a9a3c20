import type { LoggerService } from '@backstage/backend-plugin-api';
import equal from 'fast-deep-equal';
import {
  normalizeRepoUrl,
  type RepositoryListing,
} from '@kargo-backstage/plugin-kargo-common';
import type { PullRequestService } from '@kargo-backstage/plugin-kargo-node';
import type { SharedListing, SharedListings } from './sharedListings';

/** Listings shared between replicas (watch mode with a shared cache store). */
export interface ListingSharing {
  listings: SharedListings;
  /** A shared listing younger than this is taken instead of asking the provider. */
  maxAgeMs: number;
}

/** Called with the repositories whose listing changed. */
/** Told which listings changed; a listing resolves once what it returns is done (the Stages rebuilt). */
type ListingsChanged = (repoUrls: string[]) => void | Promise<void>;

function keyOf(repoUrl: string): string {
  return normalizeRepoUrl(repoUrl) ?? repoUrl;
}

/**
 * The open pull requests of every repository some Stage shows, listed on
 * their own schedule (and at once for a repository a Stage starts to show,
 * or a webhook names), never inside a Kargo read: Stages are built with the
 * last listing, and rebuilt when a listing changes.
 */
export class PullRequestTracker {
  private readonly listings = new Map<string, RepositoryListing>();
  /** Repository key -> the users (Stage keys) that show it. */
  private readonly users = new Map<string, Set<string>>();
  /** Stage key -> the repositories (as the Stage names them) it shows. */
  private readonly shown = new Map<string, string[]>();
  private readonly listeners = new Set<ListingsChanged>();
  private readonly listedAt = new Map<string, number>();
  /** The URL each repository is listed under (the first spelling seen). */
  private readonly urls = new Map<string, string>();
  /** The shared stamp last adopted (see adoptShared). */
  private adoptedStamp: string | undefined;

  constructor(
    private readonly service: PullRequestService,
    private readonly logger: LoggerService,
    private readonly sharing?: ListingSharing,
  ) {}

  onChange(listener: ListingsChanged): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The last listing of a repository; undefined while never listed. */
  lookup(repoUrl: string): RepositoryListing | undefined {
    return this.listings.get(keyOf(repoUrl));
  }

  /**
   * Records which repositories a Stage shows (empty when it is gone).
   * Answers those never listed yet; forgets those nobody shows any more.
   */
  use(stageKey: string, repoUrls: string[]): string[] {
    const before = this.shown.get(stageKey) ?? [];
    if (repoUrls.length) this.shown.set(stageKey, repoUrls);
    else this.shown.delete(stageKey);
    for (const repo of before) {
      const users = this.users.get(keyOf(repo));
      users?.delete(stageKey);
      if (users?.size === 0) this.drop(repo);
    }
    const fresh: string[] = [];
    for (const repo of repoUrls) {
      const key = keyOf(repo);
      let users = this.users.get(key);
      if (!users) this.users.set(key, (users = new Set()));
      if (!this.urls.has(key)) this.urls.set(key, repo);
      users.add(stageKey);
      if (!this.listings.has(key)) fresh.push(repo);
    }
    return fresh;
  }

  /** How many repositories are tracked (listed or remembered). */
  tracked(): number {
    return Math.max(this.users.size, this.listings.size);
  }

  /**
   * Lists every repository some Stage shows (the scheduled pass), but those
   * listed since `since` (epoch ms) already. Always asks the provider: with
   * replicas, the pass is a global task (one replica per interval).
   */
  listAll(
    signal?: AbortSignal,
    since = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    const repos = new Map<string, string>();
    for (const list of this.shown.values()) {
      for (const repo of list) {
        const key = keyOf(repo);
        if ((this.listedAt.get(key) ?? 0) < since) repos.set(key, repo);
      }
    }
    return this.list([...repos.values()], { signal, fresh: true });
  }

  /**
   * Lists these repositories now: new ones (a listing another replica shared
   * recently is taken instead) or, `fresh`, named by a webhook.
   */
  async list(
    repoUrls: string[],
    options: { signal?: AbortSignal; fresh?: boolean } = {},
  ): Promise<void> {
    const read = new Map<string, SharedListing>();
    // Each repository once: the Stages built in one batch name a shared
    // repository once each, and every copy would be compared again below.
    const unique = new Map<string, string>();
    for (const repo of repoUrls) {
      if (!unique.has(keyOf(repo))) unique.set(keyOf(repo), repo);
    }
    const results = await Promise.all(
      [...unique.values()].map(async repo => {
        if (options.signal?.aborted) return undefined;
        const key = keyOf(repo);
        // No await without sharing: a listing under way is joined in this turn.
        const shared =
          options.fresh || !this.sharing
            ? undefined
            : await this.sharedListing(key);
        if (shared) return { repo, ...shared };
        const listedAt = Date.now();
        const listing = await this.listOnce(repo);
        read.set(key, { listing, listedAt });
        return { repo, listing, listedAt };
      }),
    );
    await this.sharing?.listings.set(read);
    await this.apply(results.filter(r => r !== undefined));
  }

  /**
   * Takes the listings other replicas stored since the last call (a
   * frequent, local pass: one cache read when nothing moved).
   */
  async adoptShared(): Promise<void> {
    if (!this.sharing) return;
    const stamp = await this.sharing.listings.stamp();
    if (stamp === undefined || stamp === this.adoptedStamp) return;
    this.adoptedStamp = stamp;
    const results = await Promise.all(
      [...this.users.keys()].map(async key => {
        const entry = await this.sharing!.listings.get(key);
        if (!entry || entry.listedAt < (this.listedAt.get(key) ?? 0))
          return undefined;
        return { repo: this.urls.get(key) ?? key, ...entry };
      }),
    );
    await this.apply(results.filter(r => r !== undefined));
  }

  private async sharedListing(key: string): Promise<SharedListing | undefined> {
    const entry = await this.sharing?.listings.get(key);
    return entry && Date.now() - entry.listedAt < this.sharing!.maxAgeMs
      ? entry
      : undefined;
  }

  /** Keeps the listings (newer than what it has) and tells the listeners what changed. */
  private async apply(
    results: Array<{
      repo: string;
      listing: RepositoryListing;
      listedAt: number;
    }>,
  ): Promise<void> {
    const changed: string[] = [];
    for (const { repo, listing, listedAt } of results) {
      const key = keyOf(repo);
      if (!this.users.has(key)) continue; // nobody shows it any more
      if ((this.listedAt.get(key) ?? 0) > listedAt) continue; // a newer one landed meanwhile
      this.listedAt.set(key, listedAt);
      const before = this.listings.get(key);
      // Compared in place first (no serialisation): a listing joined while
      // in flight shares its pull requests with the one kept. The JSON form
      // settles the rest (a listing adopted from the shared cache went
      // through JSON, which drops undefined values).
      if (
        before &&
        (equal(before, listing) ||
          JSON.stringify(before) === JSON.stringify(listing))
      )
        continue;
      this.listings.set(key, listing);
      changed.push(repo);
    }
    if (changed.length === 0) return;
    // A pass is done once the Stages showing what it changed are rebuilt.
    await Promise.all(
      [...this.listeners].map(async listener => {
        try {
          await listener(changed);
        } catch (error) {
          this.logger.warn(
            `Rebuilding Stages after a pull request change failed: ${error}`,
          );
        }
      }),
    );
  }

  // The service shares a listing under way with every caller.
  private listOnce(repoUrl: string): Promise<RepositoryListing> {
    return this.service.listRepository(
      this.urls.get(keyOf(repoUrl)) ?? repoUrl,
    );
  }

  /** Whether a Stage shows this repository (to route a webhook). */
  isShown(repoUrl: string): boolean {
    return this.users.has(keyOf(repoUrl));
  }

  private drop(repoUrl: string) {
    const key = keyOf(repoUrl);
    this.users.delete(key);
    this.listings.delete(key);
    this.listedAt.delete(key);
    this.service.forget(this.urls.get(key) ?? repoUrl);
    this.urls.delete(key);
  }
}
