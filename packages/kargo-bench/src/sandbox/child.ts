/**
 * The sandbox child process: a sandbox with the generated fleet loaded
 * straight into its stores, counting every request it serves. Kept out of the bench
 * process so the sandbox's CPU and memory never count as ours.
 */
import {
  DEMO_TOKENS,
  startSandbox,
  type GitFakeStore,
  type KubeObject,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { countsOf, fleetProjects } from '../fleet/generate';
import { fetchRawPayloads } from '../runs/floor';
import { requestCounter } from './counter';
import type { FlippedRun, FromSandbox, SandboxChildArgs, ToSandbox } from './protocol';

/**
 * --live: what Argo Rollouts does when an analysis ends: a status update of
 * the run (Successful <-> Failed here, so it can be repeated). Runs are
 * picked spread over the fleet, one per stride.
 */
function flipRuns(sandbox: Sandbox, first: number, count: number): FlippedRun[] {
  const rt = sandbox.registry.find('argoproj.io', 'v1alpha1', 'analysisruns')!;
  const runs = sandbox.store.peek(rt);
  const stride = Math.max(1, Math.floor(runs.length / Math.max(count, 1)));
  const flipped: FlippedRun[] = [];
  for (let i = 0; i < count; i++) {
    const stored = runs[(first + i * stride) % runs.length];
    flipped.push(...flipRun(sandbox, stored.metadata.namespace!, stored.metadata.name));
  }
  return flipped;
}

/** One run's flip; none when there is no such run. */
function flipRun(sandbox: Sandbox, project: string, name: string): FlippedRun[] {
  const rt = sandbox.registry.find('argoproj.io', 'v1alpha1', 'analysisruns')!;
  const run = sandbox.store.get(rt, project, name);
  if (!run) return [];
  const phase = run.status?.phase === 'Successful' ? 'Failed' : 'Successful';
  sandbox.store.update(rt, { ...run, status: { ...run.status, phase } });
  return [
    {
      project,
      stage: run.metadata.labels?.['kargo.akuity.io/stage'] ?? '',
      name: run.metadata.name,
      phase,
      at: Date.now(),
    },
  ];
}

type GitFixtureDocument = Parameters<GitFakeStore['addFromFixture']>[0];

const send = (message: FromSandbox) => process.send?.(message);

async function main() {
  const args = JSON.parse(process.argv[2]) as SandboxChildArgs;
  const started = Date.now();
  const counter = requestCounter();
  const sandbox = await startSandbox({
    port: 0,
    fixtures: false,
    controller: false,
    tokens: DEMO_TOKENS,
    onRequest: counter.onRequest,
  });
  // The naive approach alone sends thousands of GitHub requests: lift the
  // fake's hourly limit so it measures cost, not throttling.
  sandbox.git.setGitHubRateLimit(1_000_000_000, { resetUsage: true });
  for (const objects of fleetProjects(args.spec)) {
    // Git provider documents go to the Git fakes, the rest to the Kubernetes store.
    const git = objects.filter(o => o.apiVersion === 'sandbox/v1');
    for (const doc of git) sandbox.git.addFromFixture(doc as GitFixtureDocument);
    // Bulk: validated like load, but one copy per object and no watch history.
    sandbox.bulkLoad(objects.filter(o => o.apiVersion !== 'sandbox/v1') as KubeObject[]);
  }
  // One uncounted read of everything the refresh reads: the fake keeps each
  // object's serialisation (as kube-apiserver caches encoded objects), so the
  // first refresh measures our backend, not the fake serialising 70 MB cold.
  await fetchRawPayloads(sandbox.url, args.spec);
  counter.reset();
  send({ type: 'ready', url: sandbox.url, fleet: countsOf(args.spec), loadMs: Date.now() - started });

  process.on('message', async (message: ToSandbox) => {
    if (message.type === 'counts') send({ type: 'counts', id: message.id, counts: counter.counts() });
    if (message.type === 'reset') {
      counter.reset();
      send({ type: 'done', id: message.id });
    }
    if (message.type === 'flip') {
      send({ type: 'flipped', id: message.id, runs: flipRuns(sandbox, message.first, message.count) });
    }
    if (message.type === 'flipRun') {
      send({ type: 'flipped', id: message.id, runs: flipRun(sandbox, message.project, message.name) });
    }
    if (message.type === 'stop') {
      await sandbox.stop();
      send({ type: 'done', id: message.id });
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch(error => {
  send({ type: 'error', message: (error as Error)?.stack ?? String(error) });
  process.exit(1);
});
