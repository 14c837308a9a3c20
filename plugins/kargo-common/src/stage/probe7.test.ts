import { collection, freight, stage } from '../__testUtils__/builders';
import { buildProjectStages } from './project';
import { Interner } from '../util/interner';

const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);

it('probe: residual per-Stage size of shared parts', () => {
  const repo = 'https://github.com/acme/app';
  const all = Array.from({ length: 20 }, (_, i) => {
    const f = freight('p', 'w', `seed${i}`, `alias${i}`);
    f.metadata!.creationTimestamp = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    f.commits = Array.from({ length: 1000 }, (_, c) => ({ repoURL: `https://github.com/acme/r-${c}-${'r'.repeat(150)}`, id: `${i}${c}`.padStart(40, 'b'), message: 'm'.repeat(5000) }));
    f.images = Array.from({ length: 1000 }, (_, c) => ({ repoURL: `ghcr.io/acme/i-${c}-${'r'.repeat(150)}`, tag: `${'t'.repeat(100)}${i}`, digest: `sha256:${'d'.repeat(64)}` }));
    return f;
  });
  const steps = [{ uses: 'git-open-pr', as: 'pr', config: { repoURL: repo, sourceBranch: 'x', targetBranch: 'main' } }];
  const stages = Array.from({ length: 200 }, (_, i) => stage({ project: 'p', name: `s${i}`, warehouse: 'w', steps, freightHistory: [collection('w', all[0], [])] }));
  const prs = Array.from({ length: 5000 }, (_, n) => ({
    provider: 'github', repoUrl: repo, number: n + 1, title: 't'.repeat(256), url: `${repo}/pull/${n + 1}`,
    state: 'open', sourceBranch: 'x', targetBranch: `base-${n}`, author: 'mallory', createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), headSha: null,
  }));
  let t = Date.now();
  const built = [...buildProjectStages({ instance: 'i', kargoUrl: null, project: 'p', now: '2026-12-05T21:00:00Z', stages, promotions: [], analysisRuns: [], freight: all, pullRequestsOf: () => ({ pullRequests: prs as never, error: null }), interner: new Interner() })];
  const ms = Date.now() - t;
  t = Date.now();
  let total = 0;
  for (const b of built) total += JSON.stringify(b.detail).length;
  log('build ms per stage', ms / 200, 'stringify ms per stage', (Date.now() - t) / 200, 'chars per stage', total / 200, 'stage chars', JSON.stringify(stages[0]).length);
  const d = built[0].detail;
  log('parts', JSON.stringify(d.freightOptions).length, JSON.stringify(d.currentFreight).length, JSON.stringify(d.pullRequests).length);
});
