import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  normalizeRepoUrl,
  type RepositoryListing,
} from '@kargo-backstage/plugin-kargo-common';
import type { PullRequestService } from '@kargo-backstage/plugin-kargo-node';

/** Called with the repositories whose listing changed. */
/** Told which listings changed; a listing resolves once what it returns is done (the Stages rebuilt). */
export type ListingsChanged = (repoUrls: string[]) => void | Promise<void>;

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

  constructor(
    private readonly service: PullRequestService,
    private readonly logger: LoggerService,
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
   * listed since `since` (epoch ms) already.
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
    return this.list([...repos.values()], signal);
  }

  /** Lists these repositories now (new ones, or named by a webhook). */
  async list(repoUrls: string[], signal?: AbortSignal): Promise<void> {
    const changed: string[] = [];
    await Promise.all(
      repoUrls.map(async repo => {
        if (signal?.aborted) return;
        const listing = await this.listOnce(repo);
        const key = keyOf(repo);
        if (!this.users.has(key)) return; // nobody shows it any more
        const before = this.listings.get(key);
        if (before && JSON.stringify(before) === JSON.stringify(listing))
          return;
        this.listings.set(key, listing);
        changed.push(repo);
      }),
    );
    if (changed.length === 0) return;
    // A pass is done once the Stages showing what it changed are rebuilt.
    await Promise.all(
      [...this.listeners].map(async listener => {
        try {
          await listener(changed);
        } catch (error) {
          this.logger.warn(`Rebuilding Stages after a pull request change failed: ${error}`);
        }
      }),
    );
  }

  // The service shares a listing under way with every caller.
  private async listOnce(repoUrl: string): Promise<RepositoryListing> {
    const key = keyOf(repoUrl);
    const started = Date.now();
    const listing = await this.service.listRepository(
      this.urls.get(key) ?? repoUrl,
    );
    this.listedAt.set(key, started);
    return listing;
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
