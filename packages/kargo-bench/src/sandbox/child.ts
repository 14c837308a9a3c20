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
} from '@kargo-backstage/kargo-sandbox';
import { countsOf, fleetProjects } from '../fleet/generate';
import { fetchRawPayloads } from '../runs/floor';
import { requestCounter } from './counter';
import type { FromSandbox, SandboxChildArgs, ToSandbox } from './protocol';

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
    sandbox.load(objects.filter(o => o.apiVersion !== 'sandbox/v1') as KubeObject[]);
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
