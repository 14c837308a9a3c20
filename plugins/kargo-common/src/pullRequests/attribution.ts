import type {
  OpenPullRequest,
  Promotion,
  PullRequestInfo,
  Stage,
} from '../types';
import { asArray } from '../util/objects';
import { toMillis } from '../util/time';
import { isActivePhase } from '../phases/phaseSets';
import { isLiteral } from './expressions';
import type { RecordedPullRequest } from './recorded';
import { repoKey } from './repoUrl';
import type { GitStep } from './steps';
import { type StageWalk, walkStage } from './walk';

/**
 * A PR as a provider lists it; already attributed ones (PullRequestInfo) are
 * accepted too, and attributing them again gives the same result.
 *
 * @public
 */
export type PullRequestCandidate = Omit<OpenPullRequest, 'headSha'> & {
  headSha?: string | null;
};

/** @public */
export interface AttributePullRequestsInput {
  stage: Stage;
  /** Promotions of the Stage's project (others are ignored). */
  promotions?: Promotion[];
  /** PRs listed from the Stage's repositories. */
  pullRequests?: PullRequestCandidate[];
}

/** A Promotion not started yet or active may still be waiting for its PR. */
function mayWait(phase: string | undefined): boolean {
  return !phase || isActivePhase(phase);
}

/** The branch Kargo's git-push `generateTargetBranch` pushes to. */
function promotionBranch(promotion: string): string {
  return `kargo/promotion/${promotion}`;
}

interface LiteralBranch {
  branch: string;
  repo: string | undefined;
  promotion: string | null;
}

function literalBranches(steps: GitStep[]): LiteralBranch[] {
  const branches: LiteralBranch[] = [];
  for (const step of steps) {
    const branch =
      step.uses === 'git-open-pr'
        ? step.config.sourceBranch
        : step.uses === 'git-push' && step.config.targetBranch;
    if (isLiteral(branch)) {
      branches.push({
        branch,
        repo: repoKey(step.repoUrl),
        promotion: step.promotion,
      });
    }
  }
  return branches;
}

/** The items by key, in their order. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** A URL compared case-insensitively, without surrounding space or trailing slashes. */
function urlKey(url: string): string {
  const key = url.trim().toLowerCase();
  let end = key.length;
  // A loop, not /\/+$/: that regex is tried at every slash of every URL.
  while (end > 0 && key.charCodeAt(end - 1) === 47 /* '/' */) end -= 1;
  return key.slice(0, end);
}

/** A recorded PR with its comparison keys computed once per Stage, not per candidate. */
interface RecordKeys {
  promotion: string;
  url: string | undefined;
  number: number | undefined;
  repo: string | undefined;
}

function keysOf(record: RecordedPullRequest): RecordKeys {
  return {
    promotion: record.promotion,
    url: record.url ? urlKey(record.url) : undefined,
    number: record.number,
    repo: record.repoUrl ? repoKey(record.repoUrl) : undefined,
  };
}

/** The recorded PRs by URL and by number in a repository, each a list of indices into `recorded`. */
function indexRecords(recorded: RecordKeys[]) {
  const byUrl = new Map<string, number[]>();
  const byNumber = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (list) list.push(index);
    else map.set(key, [index]);
  };
  recorded.forEach((record, index) => {
    if (record.url) add(byUrl, record.url, index);
    if (record.number !== undefined && record.repo) {
      add(byNumber, `${record.number}\u0000${record.repo}`, index);
    }
  });
  return { byUrl, byNumber };
}

/**
 * The Promotions that recorded the PR (by URL, or by number in its
 * repository), in the order of `recorded`: looked up, not filtered, so
 * thousands of records beside a busy repository's PRs cost their sum.
 */
function recordersOf(
  recorded: RecordKeys[],
  index: ReturnType<typeof indexRecords>,
  pr: PullRequestCandidate,
  prUrl: string,
  prRepo: string | undefined,
): string[] {
  const hits = new Set([
    ...(index.byUrl.get(prUrl) ?? []),
    ...(prRepo ? index.byNumber.get(`${pr.number}\u0000${prRepo}`) ?? [] : []),
  ]);
  return [...hits].sort((a, b) => a - b).map(i => recorded[i].promotion);
}

/**
 * The pull requests that belong to the Stage, each once (by URL), newest
 * first. A PR belongs to the Stage when
 * (a) one of its Promotions recorded it in `status.state` (by URL, or by
 *     number in the repository of the step that recorded it), or
 * (b) its source branch is `kargo/promotion/<one of its Promotions>`, or
 * (c) its source branch is a literal `sourceBranch` of the Stage's
 *     git-open-pr steps or `targetBranch` of its git-push steps, in the same
 *     repository when the step's repository is known.
 * `promotion` is the newest Promotion that recorded it, else the one whose
 * branch it is. `orphaned` is true for an open PR that no Pending or Running
 * Promotion of the Stage is waiting for: none recorded it or pushed its
 * branch, or (for a literal branch) none has a step naming that branch.
 *
 * @public
 */
export function attributePullRequests(
  input: AttributePullRequestsInput,
): PullRequestInfo[] {
  return attributeWalked(
    input.pullRequests,
    walkStage(input.stage, input.promotions),
  );
}

/**
 * Whether the portal may close an attributed PR for the Stage: open, no
 * Promotion waits on it, its source branch known to be this repository's
 * (a provider that does not say counts as a fork) and one the Stage's
 * Promotions push to; deleting the branch too only for a Promotion's own
 * `kargo/promotion/<Promotion>` branch (a literal branch is the next
 * Promotion's as well).
 */
function closability(
  pr: PullRequestCandidate,
  waiting: boolean,
  ownPromotionBranch: boolean,
  literalBranch: boolean,
): Pick<PullRequestInfo, 'closable'> {
  if (pr.state !== 'open' || waiting || pr.fromFork !== false) return {};
  if (ownPromotionBranch) return { closable: 'closeAndDeleteBranch' };
  return literalBranch ? { closable: 'close' } : {};
}

/**
 * Pull requests attributed to a Stage, the newest: a repository's listing
 * (up to 5,000 open PRs) is shared by every Stage whose steps name it, and
 * a project member opens PRs from one branch to as many base branches as
 * they like: 5,000 of them made each of their Stages' details 2.9 MB from a
 * Stage of 1 KB. A Promotion whose PR is past it still links the URL it
 * recorded (the timeline).
 */
const MAX_ATTRIBUTED = 200;

/** attributePullRequests with the Stage already walked (walkStage). */
export function attributeWalked(
  pullRequests: PullRequestCandidate[] | undefined,
  walk: Pick<StageWalk, 'promotions' | 'gitSteps' | 'recorded'>,
): PullRequestInfo[] {
  const { promotions, gitSteps: steps } = walk;
  const phases = new Map(
    promotions.map(p => [p.metadata!.name!, p.status?.phase ?? '']),
  );
  const recorded = walk.recorded.map(keysOf);
  const recordIndex = indexRecords(recorded);
  // By branch: each PR looks up its own source branch, so thousands of Git
  // steps (a project member writes them) beside a busy repository's PRs cost
  // their sum, not their product.
  const literals = groupBy(literalBranches(steps), l => l.branch);
  const branches = groupBy(
    promotions.map(p => ({
      name: p.metadata!.name!,
      branch: promotionBranch(p.metadata!.name!),
    })),
    b => b.branch,
  );

  const seen = new Set<string>();
  const result: PullRequestInfo[] = [];
  for (const pr of asArray(pullRequests)) {
    if (!pr?.url) continue;
    const prUrl = urlKey(pr.url);
    if (seen.has(prUrl)) continue;
    const prRepo = repoKey(pr.repoUrl);
    const recorders = recordersOf(recorded, recordIndex, pr, prUrl, prRepo);
    // A fork's branch is never one a Promotion pushed, whatever its name.
    const ownBranch = pr.fromFork === false || pr.fromFork === undefined;
    const byBranch = ownBranch
      ? (branches.get(pr.sourceBranch) ?? []).map(b => b.name)
      : [];
    const byLiteral = ownBranch
      ? (literals.get(pr.sourceBranch) ?? []).filter(
          l => !l.repo || l.repo === prRepo,
        )
      : [];
    if (!recorders.length && !byBranch.length && !byLiteral.length) continue;
    seen.add(prUrl);

    const associated = [
      ...recorders,
      ...byBranch,
      ...byLiteral.flatMap(l => (l.promotion ? [l.promotion] : [])),
    ];
    const waiting = associated.some(name => mayWait(phases.get(name)));
    result.push({
      provider: pr.provider,
      repoUrl: pr.repoUrl,
      number: pr.number,
      title: pr.title,
      url: pr.url,
      state: pr.state,
      sourceBranch: pr.sourceBranch,
      targetBranch: pr.targetBranch,
      author: pr.author ?? null,
      createdAt: pr.createdAt ?? null,
      promotion: recorders[0] ?? byBranch[0] ?? null,
      orphaned: pr.state === 'open' && !waiting,
      ...(pr.fromFork === undefined ? {} : { fromFork: pr.fromFork }),
      ...closability(pr, waiting, byBranch.length > 0, byLiteral.length > 0),
    });
  }
  const newestFirst = result.sort((a, b) => {
    const ta = toMillis(a.createdAt) ?? 0;
    const tb = toMillis(b.createdAt) ?? 0;
    return ta !== tb ? tb - ta : b.number - a.number;
  });
  return newestFirst.length > MAX_ATTRIBUTED
    ? newestFirst.slice(0, MAX_ATTRIBUTED)
    : newestFirst;
}
