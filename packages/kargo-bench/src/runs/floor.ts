/**
 * The floor: the raw payloads our refresh has to read (every LIST page of
 * every project and kind, every open-PR page of every repository), fetched
 * once uncounted, then only JSON.parse'd. No refresh can be cheaper than
 * parsing what it reads.
 */
import { projectName, repoCount, repoUrl, type FleetSpec } from '../fleet/generate';

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
}

async function text(url: string, headers: Record<string, string>): Promise<{ body: string; res: Response }> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`floor: ${url} answered ${res.status}`);
  return { body: await res.text(), res };
}

async function kubePages(base: string, path: string, bodies: string[]) {
  const headers = { authorization: 'Bearer sandbox-readonly-token' };
  let cont = '';
  do {
    const { body } = await text(`${base}/${path}?limit=${PAGE}${cont ? `&continue=${cont}` : ''}`, headers);
    bodies.push(body);
    cont = (JSON.parse(body) as { metadata?: { continue?: string } }).metadata?.continue ?? '';
  } while (cont);
}

async function gitPages(base: string, repo: string, bodies: string[]) {
  const path = new URL(repo).pathname.slice(1);
  let next: string | undefined = repo.includes('gitlab')
    ? `${base}/gitlab/api/v4/projects/${encodeURIComponent(path)}/merge_requests?state=opened&per_page=100`
    : `${base}/github/api/v3/repos/${path}/pulls?state=open&per_page=100`;
  const headers: Record<string, string> = repo.includes('gitlab')
    ? { 'private-token': 'sandbox-gitlab-token' }
    : { authorization: 'token sandbox-github-token' };
  while (next) {
    const { body, res } = await text(next, headers);
    bodies.push(body);
    next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  }
}

export async function fetchRawPayloads(directUrl: string, spec: FleetSpec): Promise<string[]> {
  const bodies: string[] = [];
  await kubePages(directUrl, 'apis/kargo.akuity.io/v1alpha1/projects', bodies);
  for (let p = 0; p < spec.projects; p++) {
    for (const kind of KINDS) await kubePages(directUrl, kind.replace('{ns}', projectName(p)), bodies);
  }
  for (let r = 0; r < repoCount(spec); r++) await gitPages(directUrl, repoUrl(spec, r), bodies);
  return bodies;
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
