import request from 'supertest';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  buildProjectStages,
  type StageDetail,
  type StageSummary,
} from '@kargo-backstage/plugin-kargo-common';
import {
  createKubeConfig,
  KubernetesKargoClusterClient,
} from '@kargo-backstage/plugin-kargo-node';
import { listProject } from '../../services/snapshot/projectLists';
import {
  kargoConfig,
  SECRETS,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import {
  setRunPhase as setSandboxRunPhase,
  until,
} from './__testUtils__/sandboxRuns';

// Real servers on a shared, loaded machine.
jest.setTimeout(60_000);

/** What a user is shown of a Stage, without when it was read. */
function shown(stage: StageDetail) {
  const { lastUpdated: _l, stale: _s, ...rest } = stage;
  return rest;
}

describe('watch mode against the sandbox', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeEach(async () => {
    sandbox = await startSecretSandbox({
      controller: false,
      bookmarkIntervalMs: 200,
    });
    const base = kargoConfig(sandbox);
    backend = await startReliabilityBackend({
      sandbox,
      requestTimeoutMs: 2_000,
      config: {
        ...base,
        kargo: {
          ...base.kargo,
          refresh: { mode: 'watch', watchTimeout: { seconds: 5 } },
        },
      },
    });
  });
  afterEach(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  const stages = async (project: string) => {
    const res = await request(backend.server)
      .get(`/api/kargo/projects/${project}/stages`)
      .set('Authorization', userHeader());
    return res.status === 200
      ? (res.body as { stale: boolean; items: StageSummary[] })
      : undefined;
  };
  const detail = async (project: string, name: string) => {
    const res = await request(backend.server)
      .get(`/api/kargo/projects/${project}/stages/${name}`)
      .set('Authorization', userHeader());
    return res.status === 200 ? (res.body as StageDetail) : undefined;
  };

  /** Every Stage of the project as a fresh LIST (poll mode's read) builds it. */
  async function freshList(project: string) {
    const client = new KubernetesKargoClusterClient({
      instance: { name: 'sandbox', kargoUrl: 'https://kargo.example.com' },
      kubeConfig: createKubeConfig({
        name: 'sandbox',
        url: sandbox.url,
        authProvider: 'serviceAccount',
        serviceAccountToken: SECRETS.k8s,
        skipTLSVerify: false,
        kargoUrl: null,
      }),
    });
    const lists = await listProject(client, project);
    return [
      ...buildProjectStages({
        ...lists,
        instance: 'sandbox',
        kargoUrl: 'https://kargo.example.com',
        project,
        now: '',
        // Only the Kargo side is compared.
        pullRequestsOf: () => undefined,
      }),
    ].map(b => b.detail);
  }

  async function equalsFreshList(project: string) {
    // The list answers summaries: what a Stage row shows.
    const summary = (s: StageSummary) => ({
      name: s.name,
      phase: s.phase,
      verificationPhase: s.verificationPhase,
      verificationStale: s.verificationStale,
      verificationCounts: s.verificationCounts,
    });
    const expected = (await freshList(project)).map(summary);
    return until(async () => {
      const served = await stages(project);
      const got = served?.items.map(summary);
      return JSON.stringify(got) === JSON.stringify(expected) && !served!.stale
        ? got
        : undefined;
    }, `${project} to equal a fresh LIST`);
  }

  const setRunPhase = (name: string, phase: string) =>
    setSandboxRunPhase(sandbox, 'payments', name, phase);

  async function runningTestRun() {
    const test = await until(
      () => detail('payments', 'test'),
      'the first sync',
    );
    const current = test.verifications.find(v => v.current)!;
    expect(current.phase).toBe('Running');
    return current.analysisRun!.name;
  }

  it('an AnalysisRun status change reaches the REST answer with no LIST request', async () => {
    const run = await runningTestRun();
    sandbox.faults.resetCounts();
    setRunPhase(run, 'Successful');
    const after = await until(async () => {
      const test = await detail('payments', 'test');
      const current = test?.verifications.find(
        v => v.analysisRun?.name === run,
      );
      return current?.phase === 'Successful' ? test : undefined;
    }, 'the new phase');
    expect(after.stale).toBe(false);
    const lists = sandbox.faults
      .requests()
      .filter(r => r.api === 'kubernetes' && !r.url.includes('watch=true'));
    expect(lists).toEqual([]);
  });

  it('a cut watch stream: after reconnecting, the answer equals a fresh LIST', async () => {
    const run = await runningTestRun();
    sandbox.cutWatches();
    setRunPhase(run, 'Failed');
    await equalsFreshList('payments');
    expect(shown((await detail('payments', 'test'))!).verificationPhase).toBe(
      'Failed',
    );
  });

  it('a 410 Gone on reconnect: relists, and the answer equals a fresh LIST', async () => {
    const run = await runningTestRun();
    sandbox.faults.set({ path: /watch=true/, status: 410, times: 5 });
    sandbox.cutWatches();
    setRunPhase(run, 'Error');
    await equalsFreshList('payments');
    expect(shown((await detail('payments', 'test'))!).verificationPhase).toBe(
      'Error',
    );
  });

  it('an instance that goes away and comes back: last good data served stale meanwhile, then fresh', async () => {
    const run = await runningTestRun();
    const before = (await stages('checkout'))!;
    sandbox.faults.set({ path: /\/apis\//, reset: true });
    sandbox.cutWatches();
    const during = await until(async () => {
      const served = await stages('checkout');
      return served?.stale ? served : undefined;
    }, 'the stale flag');
    // The same Stages, each now naming the instance's error.
    const withoutError = (items: StageSummary[]) =>
      items.map(({ error: _e, ...rest }) => rest);
    expect(withoutError(during.items)).toEqual(withoutError(before.items));
    setRunPhase(run, 'Failed');
    sandbox.faults.clear();
    await equalsFreshList('payments');
    await equalsFreshList('checkout');
  });
});
