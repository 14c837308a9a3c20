/**
 * The floor: the raw payloads our refresh has to read (every LIST page of
 * every project and kind, every open-PR page of every repository), fetched
 * once uncounted, then only JSON.parse'd. No refresh can be cheaper than
 * parsing what it reads.
 */
import { projectName, repoCount, repoUrl, type FleetSpec } from '../fleet/generate';
import { mapLimit } from '@kargo-backstage/plugin-kargo-common';
import { getText as text } from '../httpText';

const KINDS = [
  'apis/kargo.akuity.io/v1alpha1/namespaces/{ns}/stages',
  'apis/kargo.akuity.io/v1alpha1/namespaces/{ns}/freights',
  'apis/kargo.akuity.io/v1alpha1/namespaces/{ns}/promotions',
  'apis/argoproj.io/v1alpha1/namespaces/{ns}/analysisruns',
];
const PAGE = 500;

export interface Floor {
  parseMs: number;
  payloads: number;
  megabytes: number;
  /** Fetch + parse of the same payloads over HTTP (readFloor). */
  readMs?: number;
}

type OnBody = (body: string) => void;
/** Takes a Kubernetes LIST page's body; returns its continue token ('' on the last page). */
export type OnKubePage = (body: string) => string;

/**
 * Every page of a Kubernetes LIST. The continue token comes from the caller,
 * which reads each body once: parsing it a second time for the token alone
 * overstated the read floor.
 */
export async function kubePages(base: string, path: string, onPage: OnKubePage) {
  const headers = { authorization: 'Bearer sandbox-readonly-token' };
  let cont = '';
  do {
    const { body } = await text(`${base}/${path}?limit=${PAGE}${cont ? `&continue=${cont}` : ''}`, headers);
    cont = onPage(body);
  } while (cont);
}

/** The page parsed (the read floor's one parse), its continue token. */
export const parseKubePage: OnKubePage = body =>
  (JSON.parse(body) as { metadata?: { continue?: string } }).metadata?.continue ?? '';

/**
 * A page's continue token without parsing it: a LIST's `metadata` comes
 * before its `items`, and a token is base64url (nothing to unescape).
 */
export function continueToken(body: string): string {
  const items = body.indexOf('"items"');
  const head = items < 0 ? body : body.slice(0, items);
  return /"continue"\s*:\s*"([^"]*)"/.exec(head)?.[1] ?? '';
}

async function gitPages(base: string, repo: string, onBody: OnBody) {
  const path = new URL(repo).pathname.slice(1);
  let next: string | undefined = repo.includes('gitlab')
    ? `${base}/gitlab/api/v4/projects/${encodeURIComponent(path)}/merge_requests?state=opened&per_page=100`
    : `${base}/github/api/v3/repos/${path}/pulls?state=open&per_page=100`;
  const headers: Record<string, string> = repo.includes('gitlab')
    ? { 'private-token': 'sandbox-gitlab-token' }
    : { authorization: 'token sandbox-github-token' };
  while (next) {
    const { body, link } = await text(next, headers);
    onBody(body);
    next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  }
}

export async function fetchRawPayloads(url: string, spec: FleetSpec): Promise<string[]> {
  const bodies: string[] = [];
  const keep = (body: string) => void bodies.push(body);
  const keepPage = (body: string) => {
    keep(body);
    return continueToken(body);
  };
  await kubePages(url, 'apis/kargo.akuity.io/v1alpha1/projects', keepPage);
  for (let p = 0; p < spec.projects; p++) {
    for (const kind of KINDS) await kubePages(url, kind.replace('{ns}', projectName(p)), keepPage);
  }
  for (let r = 0; r < repoCount(spec); r++) await gitPages(url, repoUrl(spec, r), keep);
  return bodies;
}

/**
 * The read floor: fetch every payload from the sandbox over HTTP and
 * JSON.parse it, nothing else, with the refresh's parallelism (projects 4 at
 * a time with their kinds in parallel, repositories 4 at a time). Best of
 * `rounds`. What a refresh costs beyond this is building and keeping details.
 */
export async function readFloor(url: string, spec: FleetSpec, rounds = 2): Promise<number> {
  const parse = (body: string) => void JSON.parse(body);
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await kubePages(url, 'apis/kargo.akuity.io/v1alpha1/projects', parseKubePage);
    const indices = (n: number) => Array.from({ length: n }, (_, k) => k);
    await Promise.all([
      mapLimit(indices(spec.projects), 4, p =>
        Promise.all(KINDS.map(kind => kubePages(url, kind.replace('{ns}', projectName(p)), parseKubePage))),
      ),
      mapLimit(indices(repoCount(spec)), 4, r => gitPages(url, repoUrl(spec, r), parse)),
    ]);
    best = Math.min(best, performance.now() - start);
  }
  return Math.round(best);
}

/** The best of `rounds` parses of every payload (the floor is a minimum). */
export function parseFloor(bodies: string[], rounds = 3): Floor {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    for (const body of bodies) JSON.parse(body);
    best = Math.min(best, performance.now() - start);
  }
  const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
  return {
    parseMs: Math.round(best),
    payloads: bodies.length,
    megabytes: Math.round((bytes / 1024 / 1024) * 10) / 10,
  };
}
