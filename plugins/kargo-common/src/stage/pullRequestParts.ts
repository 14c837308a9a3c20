import { sameJson } from '../util/sameJson';
import { attributeWalked } from '../pullRequests/attribution';
import { repoKey } from '../pullRequests/repoUrl';
import { promotionsOfStage } from '../pullRequests/steps';
import { type StageWalk, walkOwn } from '../pullRequests/walk';
import {
  buildPromotionTimeline,
  pullRequestWaitOf,
} from '../promotion/timeline';
import type { StageDetail } from '../types';
import type { BuildStageDetailInput } from './detail';

/**
 * The open pull requests' URLs a Stage's summary carries (its newest ones;
 * `openPullRequests` still counts them all): /snapshot, the Stage entity's
 * links and its `kargo.akuity.io/pull-request-urls` annotation hold no
 * more. A project member can give each of a project's Stages up to 200
 * open pull requests; with every URL, 2,000 such Stages made a 68 MB
 * /snapshot, read by the catalog module every 30 s, and 214 MB of Stage
 * entities (attack 8).
 *
 * @public
 */
export const MAX_OPEN_PULL_REQUEST_URLS = 20;

/** The URLs of the newest open pull requests (newest first), at most {@link MAX_OPEN_PULL_REQUEST_URLS}. */
export function openPullRequestUrlsOf(
  pullRequests: readonly { url: string; state: string }[],
): string[] {
  const urls: string[] = [];
  for (const pr of pullRequests) {
    if (urls.length >= MAX_OPEN_PULL_REQUEST_URLS) break;
    if (pr.state === 'open') urls.push(pr.url);
  }
  return urls;
}

/** The parts of a Stage's detail that its repositories' pull-request listings decide. */
export type PullRequestParts = Pick<
  StageDetail,
  | 'openPullRequests'
  | 'pullRequestsPending'
  | 'openPullRequestUrls'
  | 'pullRequests'
  | 'pullRequestErrors'
  | 'promotions'
  | 'waitingOnPullRequest'
>;

/** Runs one part of a detail; a part that throws is recorded and gets its fallback. */
export type Safely = <T>(part: string, fn: () => T, fallback: T) => T;

/**
 * The pull-request parts of a Stage's detail: its attributed pull requests,
 * the errors of its repositories' listings, and the Promotion timeline (which
 * links each Promotion's pull request).
 */
export function buildPullRequestParts(
  input: BuildStageDetailInput,
  verifications: StageDetail['verifications'],
  safely: Safely,
  walked?: StageWalk,
): PullRequestParts {
  const { stage } = input;
  // Walked once for every part; a walk that throws is retried by (and
  // reported for) each part that needs it. The timeline needs only the
  // Promotions, so a malformed step never hides it.
  let own = walked?.promotions;
  const ownPromotions = () =>
    (own ??= promotionsOfStage(stage, input.promotions));
  let walk = walked;
  const walkOf = () => (walk ??= walkOwn(stage, ownPromotions()));
  const pullRequests = safely(
    'pull requests',
    () => attributeWalked(input.pullRequests, walkOf()),
    [],
  );
  const repositories = safely(
    'repositories',
    () => new Set(walkOf().repositories.map(repoKey)),
    new Set<string | undefined>(),
  );
  const promotions = safely(
    'promotions',
    () =>
      buildPromotionTimeline(
        {
          promotions: ownPromotions(),
          freight: input.freight,
          verifications,
          pullRequests,
        },
        input.projectFreight?.byName,
      ),
    [],
  );
  const open = pullRequests.filter(pr => pr.state === 'open');
  return {
    openPullRequests: open.length,
    ...(input.pullRequestsPending ? { pullRequestsPending: true } : {}),
    openPullRequestUrls: openPullRequestUrlsOf(open),
    pullRequests,
    pullRequestErrors: (input.pullRequestErrors ?? []).filter(e =>
      repositories.has(repoKey(e?.repoUrl)),
    ),
    promotions,
    waitingOnPullRequest: pullRequestWaitOf(promotions, pullRequests),
  };
}

/**
 * `previous` with its pull-request parts built again from new listings, when
 * nothing but the listings changed since it was built from the same Kargo
 * objects. Everything else (the verification history, Freight, actions:
 * most of a detail) is `previous`'s own, shared, not built again: a listing
 * that changes for every Stage then costs a fraction of a full rebuild, and
 * leaves little garbage behind. Undefined when a full build is needed (the
 * previous detail had an error, or a part fails now).
 */
export function withPullRequests(
  previous: StageDetail,
  input: BuildStageDetailInput,
  walked?: StageWalk,
): StageDetail | undefined {
  if (previous.error !== null) return undefined;
  let failed = false;
  const safely: Safely = (_part, fn, fallback) => {
    try {
      return fn();
    } catch {
      failed = true;
      return fallback;
    }
  };
  const parts = buildPullRequestParts(
    input,
    previous.verifications,
    safely,
    walked,
  );
  if (failed) return undefined;
  // A listing that arrived ends "not known yet": the flag of `previous` goes.
  const { pullRequestsPending: _wasPending, ...rest } = previous;
  return {
    ...rest,
    ...parts,
    // Entries a listing left as they were stay the previous ones: the
    // replaced detail then leaves only what changed behind as garbage.
    pullRequests: sameWhereEqual(
      previous.pullRequests,
      parts.pullRequests,
      pr => pr.url,
    ),
    promotions: sameWhereEqual(
      previous.promotions ?? [],
      parts.promotions ?? [],
      p => p.name,
    ),
  };
}

/** `next`, with each entry equal to the `previous` one of its key replaced by that one. */
function sameWhereEqual<T>(
  previous: T[],
  next: T[],
  keyOf: (entry: T) => string,
): T[] {
  if (sameJson(previous, next)) return previous;
  const before = new Map(previous.map(entry => [keyOf(entry), entry]));
  return next.map(entry => {
    const old = before.get(keyOf(entry));
    return old !== undefined && sameJson(old, entry) ? old : entry;
  });
}
