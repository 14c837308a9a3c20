import { createHash } from 'node:crypto';
import { GitFakeControls, type GitFakeControlsOptions } from './controls';
import { parseFixture } from './fixtures';
import { FAKE_PROVIDERS } from './providers';
import { buildPullRequest } from './records';
import { guessProvider, parseRepoUrl, repoKey } from './repoUrl';
import type {
  GitFixtureDocument,
  GitProvider,
  GitPullRequest,
  GitRepository,
  OpenPullRequestInput,
  OpenPullRequestResult,
} from './types';

/** Fields a create call may set (HTTP create and {@link GitFakeStore.openPullRequest}). @public */
export interface CreatePullRequestFields {
  sourceBranch: string;
  targetBranch: string;
  title: string;
  description?: string;
  author?: string;
  labels?: string[];
  draft?: boolean;
}

/** Result of a create or update: the PR, or the open one it collides with. @public */
export type PullRequestWrite =
  | { pr: GitPullRequest; conflict?: undefined }
  | { conflict: GitPullRequest; pr?: undefined };

const isOpen = (pr: GitPullRequest) => pr.state === 'open';

/**
 * In-memory repositories and pull/merge requests behind the fake GitHub and
 * GitLab APIs. The HTTP handlers and the simulated Kargo controller share one
 * instance, so a PR opened by a Promotion is visible to the plugin's lists.
 *
 * @public
 */
export class GitFakeStore extends GitFakeControls {
  private readonly repos = new Map<string, GitRepository>();
  private readonly pulls = new Map<string, GitPullRequest[]>();
  private readonly fixtureNames = new Set<string>();
  private readonly listeners = new Set<(pr: GitPullRequest) => void>();
  private readonly nextRepoId = new Map<GitProvider, number>();
  /** Branch names per repository key (the default branch and PR branches). */
  private readonly branches = new Map<string, Set<string>>();
  private nextPullId = 5000001;

  constructor(options: GitFakeControlsOptions = {}) {
    super(options);
  }

  /** Loads one `sandbox/v1` GitHubPullRequest / GitLabMergeRequest document. */
  addFromFixture(doc: GitFixtureDocument): GitPullRequest {
    const { provider, spec, name } = parseFixture(doc);
    if (this.fixtureNames.has(`${provider}/${name}`)) {
      throw new Error(`Duplicate ${doc.kind} fixture name "${name}"`);
    }
    const repo = this.ensureRepository(spec.repoURL, provider);
    const pulls = this.pullsOf(repo);
    if (pulls.some(p => p.number === spec.number)) {
      throw new Error(
        `${doc.kind} "${name}": ${repo.repoURL} already has number ${spec.number}`,
      );
    }
    const pr = buildPullRequest(repo, {
      ...spec,
      id: this.nextPullId++,
      at: spec.createdAt,
    });
    this.fixtureNames.add(`${provider}/${name}`);
    pulls.push(pr);
    this.addBranches(repo, pr);
    return { ...pr };
  }

  /** Registers a repository (idempotent); the provider is guessed from the host when not given. */
  ensureRepository(repoURL: string, provider?: GitProvider): GitRepository {
    const parsed = parseRepoUrl(repoURL);
    const kind = provider ?? this.providerOf(parsed.repoURL);
    const key = repoKey(kind, parsed.path);
    let repo = this.repos.get(key);
    if (!repo) {
      repo = {
        provider: kind,
        repoURL: parsed.repoURL,
        host: parsed.host,
        path: parsed.path,
        id: this.takeRepoId(kind),
        defaultBranch: 'main',
        createdAt: '2024-01-01T00:00:00Z',
      };
      this.repos.set(key, repo);
      this.pulls.set(key, []);
      this.branches.set(key, new Set([repo.defaultBranch]));
    }
    return repo;
  }

  /** A repository by provider and path (`owner/repo`, `group/project`), case-insensitive. */
  findRepository(
    provider: GitProvider,
    path: string,
  ): GitRepository | undefined {
    return this.repos.get(repoKey(provider, path));
  }

  /** Paths (`owner/repo`) of every repository of a provider. */
  repositoryPaths(provider: GitProvider): string[] {
    return [...this.repos.values()]
      .filter(r => r.provider === provider)
      .map(r => r.path);
  }

  /** A GitLab project by numeric id or path, as `:id` in GitLab's API. */
  findGitLabProject(idOrPath: string): GitRepository | undefined {
    if (/^\d+$/.test(idOrPath)) {
      return [...this.repos.values()].find(
        r => r.provider === 'gitlab' && r.id === Number(idOrPath),
      );
    }
    return this.findRepository('gitlab', idOrPath);
  }

  /** Copies of the PRs/MRs of one repository (or all), ordered by repository and number. */
  list(repoURL?: string): GitPullRequest[] {
    const wanted = repoURL ? parseRepoUrl(repoURL) : undefined;
    const repos = [...this.repos.values()].filter(
      r =>
        !wanted ||
        (r.host === wanted.host &&
          r.path.toLowerCase() === wanted.path.toLowerCase()),
    );
    return repos
      .flatMap(r => this.pullsOf(r))
      .sort((a, b) =>
        a.repoURL === b.repoURL
          ? a.number - b.number
          : a.repoURL.localeCompare(b.repoURL),
      )
      .map(pr => ({ ...pr }));
  }

  /** One PR/MR (a copy). */
  get(repo: GitRepository, number: number): GitPullRequest | undefined {
    const pr = this.pullsOf(repo).find(p => p.number === number);
    return pr && { ...pr };
  }

  /** Copies of a repository's PRs/MRs, for the list endpoints. */
  pullsOfRepository(repo: GitRepository): GitPullRequest[] {
    return this.pullsOf(repo).map(pr => ({ ...pr }));
  }

  /**
   * Opens a PR/MR the way the simulated Kargo controller needs it: returns the
   * open one for the same source and target when there is one (reclaimed).
   */
  openPullRequest(input: OpenPullRequestInput): OpenPullRequestResult {
    const repo = this.ensureRepository(input.repoURL);
    const write = this.create(repo, input);
    const pr = write.pr ?? write.conflict;
    return {
      provider: repo.provider,
      number: pr.number,
      url: pr.webUrl,
      reclaimed: !write.pr,
    };
  }

  /** Creates a PR/MR unless an open one has the same source and target branches. */
  create(
    repo: GitRepository,
    fields: CreatePullRequestFields,
  ): PullRequestWrite {
    const pulls = this.pullsOf(repo);
    const conflict = this.openTwin(
      repo,
      fields.sourceBranch,
      fields.targetBranch,
    );
    if (conflict) return { conflict: { ...conflict } };
    const number = pulls.reduce((max, p) => Math.max(max, p.number), 0) + 1;
    const pr = buildPullRequest(repo, {
      ...fields,
      id: this.nextPullId++,
      number,
      state: 'open',
      headSha: createHash('sha1')
        .update(`${repo.repoURL}#${fields.sourceBranch}#${number}`)
        .digest('hex'),
      author: fields.author ?? 'kargo-bot',
      at: this.timestamp(),
    });
    pulls.push(pr);
    this.addBranches(repo, pr);
    this.emit(pr);
    return { pr: { ...pr } };
  }

  /** Edits title/description/state; reopening collides like a create. */
  update(
    repo: GitRepository,
    number: number,
    patch: { title?: string; description?: string; state?: 'open' | 'closed' },
  ): PullRequestWrite | undefined {
    const pr = this.pullsOf(repo).find(p => p.number === number);
    if (!pr) return undefined;
    if (patch.state === 'open' && pr.state === 'closed') {
      const twin = this.openTwin(repo, pr.sourceBranch, pr.targetBranch);
      if (twin) return { conflict: { ...twin } };
    }
    if (patch.title !== undefined) pr.title = patch.title;
    if (patch.description !== undefined) pr.description = patch.description;
    if (patch.state && pr.state !== 'merged' && patch.state !== pr.state) {
      pr.state = patch.state;
      pr.closedAt = patch.state === 'closed' ? this.timestamp() : null;
    }
    pr.updatedAt = this.timestamp();
    this.emit(pr);
    return { pr: { ...pr } };
  }

  /** Merges an open PR/MR. Throws when it does not exist or is not open. */
  merge(repoURL: string, number: number): GitPullRequest {
    const parsed = parseRepoUrl(repoURL);
    const repo = this.findRepository(
      this.providerOf(parsed.repoURL),
      parsed.path,
    );
    const pr = repo && this.pullsOf(repo).find(p => p.number === number);
    if (!pr) throw new Error(`No pull request ${number} in ${parsed.repoURL}`);
    if (!isOpen(pr)) {
      throw new Error(
        `Pull request ${number} in ${parsed.repoURL} is ${pr.state}`,
      );
    }
    const at = this.timestamp();
    pr.state = 'merged';
    pr.mergedAt = at;
    pr.closedAt = at;
    pr.updatedAt = at;
    this.emit(pr);
    return { ...pr };
  }

  /**
   * The branches the fake knows of a repository: its default branch and
   * every PR/MR's source and target (the sandbox holds no Git data; a
   * Promotion's push is implied by the PR it opens).
   */
  branchNames(repo: GitRepository): string[] {
    return [...(this.branches.get(repoKey(repo.provider, repo.path)) ?? [])];
  }

  /** Deletes a branch; false when the repository has no such branch. */
  deleteBranch(repo: GitRepository, branch: string): boolean {
    const names = this.branches.get(repoKey(repo.provider, repo.path));
    return names?.delete(branch) ?? false;
  }

  /** Called with a copy of every PR/MR created or changed; returns an unsubscribe function. */
  subscribe(listener: (pr: GitPullRequest) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A known repository's provider wins over the host guess (GitHub Enterprise on any host). */
  private providerOf(repoURL: string): GitProvider {
    const { host, path } = parseRepoUrl(repoURL);
    const known = [...this.repos.values()].find(
      r => r.host === host && r.path.toLowerCase() === path.toLowerCase(),
    );
    return known?.provider ?? guessProvider(host);
  }

  private openTwin(repo: GitRepository, source: string, target: string) {
    return this.pullsOf(repo).find(
      p => isOpen(p) && p.sourceBranch === source && p.targetBranch === target,
    );
  }

  private takeRepoId(provider: GitProvider): number {
    const id =
      this.nextRepoId.get(provider) ?? FAKE_PROVIDERS[provider].firstRepoId;
    this.nextRepoId.set(provider, id + 1);
    return id;
  }

  private addBranches(repo: GitRepository, pr: GitPullRequest) {
    const names = this.branches.get(repoKey(repo.provider, repo.path));
    // A fork's source branch lives in the fork, not here.
    if (!pr.headRepo) names?.add(pr.sourceBranch);
    names?.add(pr.targetBranch);
  }

  private pullsOf(repo: GitRepository): GitPullRequest[] {
    const key = repoKey(repo.provider, repo.path);
    const pulls = this.pulls.get(key);
    if (!pulls) throw new Error(`Unknown repository ${repo.repoURL}`);
    return pulls;
  }

  private timestamp(): string {
    return this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  }

  private emit(pr: GitPullRequest) {
    for (const listener of this.listeners) listener({ ...pr });
  }
}
