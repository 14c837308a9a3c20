import type {
  Chart,
  FreightArtifacts,
  FreightChange,
  FreightReference,
  GitCommit,
  Image,
} from '../types';
import { normalizeRepoUrl } from '../pullRequests/repoUrl';
import { asArray } from '../util/objects';
import { clip } from './stepView';

/**
 * Artifacts of each kind shown per Freight, and the longest commit subject
 * kept: a Freight is shared by every Stage of its project that requests or
 * holds it, and its commits' subjects are whatever was pushed to a repository
 * a project member's Warehouse watches (Kargo keeps the first line whole,
 * akuity/kargo v1.11.2 pkg/controller/warehouses/warehouses.go): 20 Freight
 * of 500 KB subjects made every such Stage's detail 10 MB.
 */
export const MAX_ARTIFACTS = 100;
export const MAX_SUBJECT = 200;

/**
 * Artifacts of one kind read at most: a Freight holds one per Warehouse
 * subscription (a few); 40,000 images were read for each of 20 options of
 * every Stage holding the Freight (issue 35, attack 15).
 */
export const MAX_ARTIFACTS_READ = 2 * MAX_ARTIFACTS;

/** The first {@link MAX_ARTIFACTS_READ} entries of an artifact list. */
export function artifactsRead<T>(list: T[] | null | undefined): T[] {
  const all = asArray(list);
  return all.length > MAX_ARTIFACTS_READ
    ? all.slice(0, MAX_ARTIFACTS_READ)
    : all;
}

/** The first {@link MAX_ARTIFACTS} of a Freight's artifacts of one kind. */
export function shownArtifacts<T>(list: T[] | null | undefined): T[] {
  const all = asArray(list);
  return all.length > MAX_ARTIFACTS ? all.slice(0, MAX_ARTIFACTS) : all;
}

/** What a Freight or a FreightReference holds: Kargo's artifact lists. */
type Artifacts = Pick<FreightReference, 'commits' | 'images' | 'charts'>;

/** A commit id as Git writes it; anything else never goes into a URL. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;

type Host = 'github' | 'gitlab' | 'bitbucket';

/**
 * The repository's https page and its host's kind, for the hosts whose
 * commit and compare pages we know (GitHub, GitLab, Bitbucket Cloud);
 * a GitLab is known by its host name (gitlab.com, gitlab.<company>).
 */
function webRepository(
  repoURL: string | undefined,
): { base: string; host: Host } | undefined {
  const base = normalizeRepoUrl(repoURL);
  if (!base?.startsWith('https://')) return undefined;
  let hostname: string;
  try {
    hostname = new URL(base).hostname;
  } catch {
    // An scp-like URL whose host the URL parser refuses (`git@a<b:o/r`):
    // no link, rather than no Freight options for the Stage.
    return undefined;
  }
  if (hostname === 'github.com') return { base, host: 'github' };
  if (hostname === 'bitbucket.org') return { base, host: 'bitbucket' };
  if (/(^|\.)gitlab\./.test(hostname)) return { base, host: 'gitlab' };
  return undefined;
}

const COMMIT_PATH: Record<Host, string> = {
  github: 'commit',
  gitlab: '-/commit',
  bitbucket: 'commits',
};

function commitUrl(repoURL: string | undefined, id: string | undefined) {
  const repo = webRepository(repoURL);
  if (!repo || !id || !COMMIT_ID.test(id)) return null;
  return `${repo.base}/${COMMIT_PATH[repo.host]}/${id}`;
}

function compareUrl(repoURL: string, from: string, to: string) {
  const repo = webRepository(repoURL);
  if (!repo || !COMMIT_ID.test(from) || !COMMIT_ID.test(to)) return null;
  switch (repo.host) {
    case 'github':
      return `${repo.base}/compare/${from}...${to}`;
    case 'gitlab':
      return `${repo.base}/-/compare/${from}...${to}`;
    default:
      return `${repo.base}/branches/compare/${to}%0D${from}`;
  }
}

const commitVersion = (c: GitCommit) => c.id ?? c.tag;
const imageVersion = (i: Image) => i.tag ?? i.digest;
const chartKey = (c: Chart) =>
  `${c.repoURL ?? ''}${c.name ? `/${c.name}` : ''}`;

function changesOf<T>(
  kind: FreightChange['kind'],
  current: T[] | undefined,
  next: T[] | undefined,
  key: (t: T) => string,
  version: (t: T) => string | undefined,
): FreightChange[] {
  const before = new Map(artifactsRead(current).map(t => [key(t), version(t)]));
  const after = new Map(artifactsRead(next).map(t => [key(t), version(t)]));
  const out: FreightChange[] = [];
  for (const repository of new Set([...before.keys(), ...after.keys()])) {
    const from = before.get(repository) ?? null;
    const to = after.get(repository) ?? null;
    if (from === to) continue;
    if (out.length === MAX_ARTIFACTS) break;
    out.push({
      kind,
      repository,
      from,
      to,
      compareUrl:
        kind === 'commit' && from && to
          ? compareUrl(repository, from, to)
          : null,
    });
  }
  return out;
}

/**
 * What promoting `candidate` would change from the Stage's `current` Freight
 * of the same origin, as Kargo v1.11's promote drawer shows it: image tag
 * a -> b, commit a -> b (with the host's compare page), chart version a -> b.
 * Artifacts are matched by repository (and chart name). Pure.
 *
 * @public
 */
export function freightDiff(
  current: Artifacts | undefined,
  candidate: Artifacts,
): FreightChange[] {
  return [
    ...changesOf(
      'image',
      current?.images,
      candidate.images,
      i => i.repoURL ?? '',
      imageVersion,
    ),
    ...changesOf(
      'commit',
      current?.commits,
      candidate.commits,
      c => c.repoURL ?? '',
      commitVersion,
    ),
    ...changesOf(
      'chart',
      current?.charts,
      candidate.charts,
      chartKey,
      c => c.version,
    ),
  ];
}

/**
 * A Freight's commits (with a link to each on its host), images and charts,
 * as a person reads them.
 *
 * @public
 */
export function freightArtifactsOf(freight: Artifacts): FreightArtifacts {
  return {
    commits: shownArtifacts(freight.commits).map(c => ({
      repoURL: c.repoURL ?? '',
      id: commitVersion(c) ?? null,
      message: clip(c.message, MAX_SUBJECT) ?? null,
      url: commitUrl(c.repoURL, c.id),
    })),
    images: shownArtifacts(freight.images).map(i => ({
      repoURL: i.repoURL ?? '',
      tag: i.tag ?? null,
      digest: i.digest ?? null,
    })),
    charts: shownArtifacts(freight.charts).map(c => ({
      repoURL: c.repoURL ?? '',
      name: c.name ?? null,
      version: c.version ?? null,
    })),
  };
}
