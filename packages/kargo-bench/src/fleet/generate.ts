/**
 * The generated fleet: P projects x S Stages, each Stage with 20 AnalysisRuns
 * (5 freight collections x 4 verifications) and 5 Promotions, promoting
 * through pull requests on a repository shared by 10 Stages.
 */
import {
  analysisRun,
  at,
  collectionId,
  FleetFreight,
  freight,
  Obj,
  project,
  promotion,
  pullRequestSteps,
  sha1,
  stage,
  uuid,
} from './objects';

export interface FleetSpec {
  projects: number;
  stagesPerProject: number;
  /** Stages promoting to one repository (so repositories = Stages / this). */
  stagesPerRepo: number;
  /** Every n-th repository is on GitLab, the others on GitHub (0: none). */
  gitlabEvery: number;
}

export const COLLECTIONS = 5;
export const VERIFICATIONS_PER_COLLECTION = 4;
export const PROMOTIONS_PER_STAGE = 5;
const FREIGHT_PER_PROJECT = 10;

export interface FleetCounts {
  projects: number;
  stages: number;
  analysisRuns: number;
  promotions: number;
  freight: number;
  repositories: number;
  openPullRequests: number;
  githubRepositories: number;
  gitlabRepositories: number;
}

export function projectName(p: number) {
  return `bench-${String(p).padStart(3, '0')}`;
}

export function stageName(s: number) {
  return `stage-${String(s).padStart(3, '0')}`;
}

export function repoCount(spec: FleetSpec): number {
  return Math.ceil((spec.projects * spec.stagesPerProject) / spec.stagesPerRepo);
}

export function repoUrl(spec: FleetSpec, r: number): string {
  const gitlab = spec.gitlabEvery > 0 && r % spec.gitlabEvery === spec.gitlabEvery - 1;
  const name = `deploy-${String(r).padStart(4, '0')}`;
  return gitlab ? `https://gitlab.example.com/bench/${name}` : `https://github.com/bench/${name}`;
}

export function countsOf(spec: FleetSpec): FleetCounts {
  const stages = spec.projects * spec.stagesPerProject;
  const repositories = repoCount(spec);
  const gitlab = Array.from({ length: repositories }, (_, r) => repoUrl(spec, r)).filter(u =>
    u.includes('gitlab'),
  ).length;
  return {
    projects: spec.projects,
    stages,
    analysisRuns: stages * COLLECTIONS * VERIFICATIONS_PER_COLLECTION,
    promotions: stages * PROMOTIONS_PER_STAGE,
    freight: spec.projects * FREIGHT_PER_PROJECT,
    repositories,
    openPullRequests: stages * 2,
    githubRepositories: repositories - gitlab,
    gitlabRepositories: gitlab,
  };
}

/** Assigns PR/MR numbers per repository across the whole fleet. */
class PullRequestNumbers {
  private readonly next = new Map<string, number>();
  take(repo: string): number {
    const n = (this.next.get(repo) ?? 0) + 1;
    this.next.set(repo, n);
    return n;
  }
}

function pullRequestDoc(repo: string, n: number, branch: string, target: string, state: 'open' | 'merged', minutes: number): Obj {
  const gitlab = repo.includes('gitlab');
  return {
    apiVersion: 'sandbox/v1',
    kind: gitlab ? 'GitLabMergeRequest' : 'GitHubPullRequest',
    metadata: { name: `${repo.split('/').pop()}-${n}` },
    spec: {
      repoURL: repo,
      number: n,
      title: `Promote to ${target}`,
      state,
      sourceBranch: branch,
      targetBranch: target,
      headSha: sha1(`${repo}#${branch}`),
      author: 'kargo-bot',
      createdAt: at(minutes),
    },
  };
}

const prUrl = (repo: string, n: number) =>
  repo.includes('gitlab') ? `${repo}/-/merge_requests/${n}` : `${repo}/pull/${n}`;

function stageObjects(spec: FleetSpec, p: number, s: number, f: FleetFreight[], numbers: PullRequestNumbers): Obj[] {
  const ns = projectName(p);
  const name = stageName(s);
  const repo = repoUrl(spec, Math.floor((p * spec.stagesPerProject + s) / spec.stagesPerRepo));
  const out: Obj[] = [];
  const steps = pullRequestSteps(name);

  // Newest collection first, as Kargo keeps freightHistory.
  const history = Array.from({ length: COLLECTIONS }, (_c, c) => {
    const fr = f[FREIGHT_PER_PROJECT - 1 - c];
    const verifications = Array.from({ length: VERIFICATIONS_PER_COLLECTION }, (_v, v) => {
      const minutes = 10_000 - c * 600 - v * 30 + s;
      // Older collections show Kargo's stale-entry bug: recorded Running, run Failed.
      const stale = c > 0 && v === 0;
      const phase = stale || (v === 1 && s % 3 === 0) ? 'Failed' : 'Successful';
      const ar = analysisRun({ project: ns, stage: name, freight: fr, minutes, phase });
      out.push(ar);
      return {
        id: uuid(`${ns}/${name}/${c}/${v}`),
        startTime: at(minutes),
        phase: stale ? 'Running' : phase,
        analysisRun: { namespace: ns, name: ar.metadata.name, phase: stale ? 'Running' : phase },
        ...(stale ? {} : { finishTime: at(minutes + 3) }),
      };
    });
    return { id: collectionId(fr), items: { [`Warehouse/${ns}`]: fr.ref }, verificationHistory: verifications };
  });

  const phases = ['Succeeded', 'Succeeded', 'Succeeded', 'Failed', 'Running'] as const;
  const promotions = phases.map((phase, i) => {
    const promoName = `${name}.${sha1(`${ns}/${name}/${i}`).slice(0, 26)}.${f[i + 5].name.slice(0, 7)}`;
    const minutes = 5_000 + i * 600 + s;
    const n = numbers.take(repo);
    const branch = `kargo/promotion/${promoName}`;
    out.push(pullRequestDoc(repo, n, branch, `stage/${name}`, phase === 'Succeeded' ? 'merged' : 'open', minutes + 1));
    // The Failed one failed after the provider created the PR: no state, orphaned PR.
    const pr = phase === 'Failed' ? undefined : { id: n, url: prUrl(repo, n), merged: phase === 'Succeeded' };
    const obj = promotion({ project: ns, stage: name, name: promoName, freight: f[i + 5], minutes, steps, phase, pr });
    out.push(obj);
    return obj;
  });
  const last = promotions[3];
  const running = promotions[4];
  out.push(
    stage({
      project: ns,
      name,
      repoURL: repo,
      upstream: s > 0 ? stageName(s - 1) : undefined,
      status: {
        freightSummary: f[FREIGHT_PER_PROJECT - 1].name,
        lastHandledRefresh: at(11_000),
        freightHistory: history,
        currentPromotion: { name: running.metadata.name, freight: running.status.freight },
        lastPromotion: {
          name: last.metadata.name,
          freight: last.status.freight,
          status: { phase: last.status.phase, freight: last.status.freight, startedAt: last.status.startedAt, finishedAt: last.status.finishedAt, currentStep: last.status.currentStep },
          finishedAt: last.status.finishedAt,
        },
      },
    }),
  );
  return out;
}

/**
 * Objects of one project (Kubernetes objects and `sandbox/v1` Git documents),
 * generated project by project so the loader never holds the whole fleet.
 */
export function* fleetProjects(spec: FleetSpec): Generator<Obj[]> {
  const numbers = new PullRequestNumbers();
  for (let p = 0; p < spec.projects; p++) {
    const ns = projectName(p);
    const firstRepo = repoUrl(spec, Math.floor((p * spec.stagesPerProject) / spec.stagesPerRepo));
    const f = Array.from({ length: FREIGHT_PER_PROJECT }, (_, i) => freight(ns, i, firstRepo));
    const out: Obj[] = [project(ns), ...f.map(x => x.object)];
    for (let s = 0; s < spec.stagesPerProject; s++) out.push(...stageObjects(spec, p, s, f, numbers));
    yield out;
  }
}
