import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  DEMO_TOKENS,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import {
  buildProjectStages,
  Interner,
  type AnalysisRun,
  type FreightReference,
  type KubeObject,
  type ProjectLists,
  type Promotion,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoClusterWatch,
  KargoWatchEvent,
  KargoWatchKind,
} from '../../types';
import { createKubeConfig } from '../kubeConfig';
import { KubernetesKargoClusterClient } from '../KubernetesKargoClusterClient';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const KINDS: KargoWatchKind[] = [
  'projects',
  'stages',
  'analysisruns',
  'promotions',
  'freights',
];
const ANALYSIS_RUNS = {
  group: 'argoproj.io',
  version: 'v1alpha1',
  plural: 'analysisruns',
};

function clientFor(url: string, token = 'sandbox-readonly-token') {
  return new KubernetesKargoClusterClient({
    instance: { name: 'sandbox', kargoUrl: null },
    kubeConfig: createKubeConfig({
      name: 'sandbox',
      url,
      authProvider: 'serviceAccount',
      serviceAccountToken: token,
      skipTLSVerify: false,
      kargoUrl: null,
    }),
    pageSize: 7,
  });
}

async function until(probe: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (probe()) return;
    await new Promise(r => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** What a fresh LIST would say, as comparable `kind ns/name@rv` lines. */
function fresh(sandbox: Sandbox): string[] {
  return KINDS.flatMap(kind => {
    const group = kind === 'analysisruns' ? 'argoproj.io' : 'kargo.akuity.io';
    const rt = sandbox.registry.find(group, 'v1alpha1', kind)!;
    return sandbox.store
      .list(rt)
      .map(
        o =>
          `${kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}@${
            o.metadata.resourceVersion
          }`,
      );
  }).sort();
}

function held(watch: KargoClusterWatch): string[] {
  return KINDS.flatMap(kind =>
    watch
      .list(kind)
      .map(
        (o: KubeObject) =>
          `${kind} ${o.metadata?.namespace ?? ''}/${o.metadata?.name}@${
            o.metadata?.resourceVersion
          }`,
      ),
  ).sort();
}

function setPhase(sandbox: Sandbox, name: string, phase: string) {
  const rt = sandbox.registry.find(
    ANALYSIS_RUNS.group,
    ANALYSIS_RUNS.version,
    ANALYSIS_RUNS.plural,
  )!;
  const run = sandbox.store.get(rt, 'payments', name)!;
  sandbox.store.update(rt, { ...run, status: { ...run.status, phase } });
}

function lists(sandbox: Sandbox) {
  return sandbox.faults.requests().filter(r => !r.url.includes('watch=true'))
    .length;
}

describe('KubernetesKargoClusterWatch against the sandbox', () => {
  let sandbox: Sandbox;
  let watch: KargoClusterWatch | undefined;
  const events: KargoWatchEvent[] = [];
  const health: Array<Error | null> = [];
  const namespaceHealth: Array<[string, Error | null]> = [];

  beforeEach(async () => {
    sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
    });
    events.length = 0;
    health.length = 0;
    namespaceHealth.length = 0;
  });
  afterEach(async () => {
    await watch?.stop();
    await sandbox.stop();
  });

  function startWatch(timeoutSeconds = 300, token?: string) {
    watch = clientFor(sandbox.url, token).watch({
      onEvent: e => events.push(e),
      onHealth: e => health.push(e),
      onNamespaceHealth: (namespace, e) => namespaceHealth.push([namespace, e]),
      timeoutSeconds,
      backoff: { initialMs: 20, maxMs: 100 },
    });
    return watch.start();
  }

  it('lists every kind once, then follows changes with no further LIST', async () => {
    await startWatch();
    expect(held(watch!)).toEqual(fresh(sandbox));
    // A project's lists hold exactly its namespace's objects.
    const all = fresh(sandbox);
    const namespaces = new Set(
      all.map(l => l.split(' ')[1].split('/')[0]).filter(Boolean),
    );
    expect(namespaces.size).toBeGreaterThan(1);
    for (const ns of namespaces) {
      for (const kind of KINDS.filter(k => k !== 'projects')) {
        const inNamespace = watch!
          .list(kind, ns)
          .map(
            (o: KubeObject) =>
              `${kind} ${ns}/${o.metadata?.name}@${o.metadata?.resourceVersion}`,
          )
          .sort();
        expect(inNamespace).toEqual(
          all.filter(l => l.startsWith(`${kind} ${ns}/`)),
        );
      }
    }
    const listed = lists(sandbox);
    const run = watch!.list('analysisruns', 'payments')[0];
    setPhase(sandbox, run.metadata!.name!, 'Failed');
    await until(
      () =>
        events.some(
          e =>
            e.object.metadata?.name === run.metadata?.name &&
            (e.object as any).status?.phase === 'Failed',
        ),
      'the run change',
    );
    const change = events
      .filter(e => e.object.metadata?.name === run.metadata?.name)
      .at(-1)!;
    expect(change.kind).toBe('analysisruns');
    expect((change.object as any).status.phase).toBe('Failed');
    expect(lists(sandbox)).toBe(listed);
  });

  it('after a cut watch stream, resumes and holds what a fresh LIST holds', async () => {
    await startWatch();
    const [first, second] = watch!.list('analysisruns', 'payments');
    expect(sandbox.cutWatches()).toBe(KINDS.length);
    // Changed while no stream is open: the reconnect must not lose them.
    setPhase(sandbox, first.metadata!.name!, 'Failed');
    setPhase(sandbox, second.metadata!.name!, 'Error');
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      'the state of a fresh LIST',
    );
    await until(() => health.at(-1) === null, 'every stream back');
  });

  it('relists on 410 Gone and then equals a fresh LIST, deletions included', async () => {
    await startWatch();
    const [gone] = watch!.list('analysisruns', 'payments');
    sandbox.faults.set({
      path: /watch=true/,
      status: 410,
      times: KINDS.length,
    });
    sandbox.cutWatches();
    const rt = sandbox.registry.find(
      ANALYSIS_RUNS.group,
      ANALYSIS_RUNS.version,
      ANALYSIS_RUNS.plural,
    )!;
    sandbox.store.delete(rt, 'payments', gone.metadata!.name!);
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      'the state of a fresh LIST',
    );
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'analysisruns', type: 'delete' }),
    );
  });

  it('reports an instance that went away as unhealthy, and healthy again when it is back', async () => {
    await startWatch();
    sandbox.faults.set({ path: /\/apis\//, reset: true });
    sandbox.cutWatches();
    await until(() => health.some(h => h !== null), 'an error');
    expect(String(health.find(h => h))).toMatch(/instance 'sandbox'/);
    sandbox.faults.clear();
    await until(() => health.at(-1) === null, 'the instance back');
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      'the state of a fresh LIST',
    );
  });

  it('a server-side watch timeout resumes the watch without a LIST', async () => {
    await startWatch(1);
    const listed = lists(sandbox);
    await new Promise(r => setTimeout(r, 1500));
    const run = watch!.list('analysisruns', 'payments')[0];
    setPhase(sandbox, run.metadata!.name!, 'Inconclusive');
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      'the change',
    );
    expect(lists(sandbox)).toBe(listed);
  });

  it('falls back to one stream per project namespace when a cluster-wide LIST is forbidden, following new projects', async () => {
    // A token bound by a Role in each namespace: no cluster-wide list/watch.
    await startWatch(300, 'sandbox-namespaced-token');
    expect(held(watch!)).toEqual(fresh(sandbox));
    expect(health.at(-1)).toBeNull();
    const watched = sandbox.faults
      .requests()
      .filter(r => r.url.includes('watch=true'))
      .map(r => new URL(r.url, sandbox.url).pathname);
    expect(watched).toEqual(
      expect.arrayContaining([
        '/apis/kargo.akuity.io/v1alpha1/projects',
        '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages',
        '/apis/argoproj.io/v1alpha1/namespaces/payments/analysisruns',
      ]),
    );

    const run = watch!.list('analysisruns', 'payments')[0];
    setPhase(sandbox, run.metadata!.name!, 'Failed');
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      'the run change',
    );

    // A project created later gets its streams: its Stage arrives.
    const kargo = (plural: string) =>
      sandbox.registry.find('kargo.akuity.io', 'v1alpha1', plural)!;
    sandbox.store.create(kargo('projects'), {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Project',
      metadata: { name: 'orders' },
    });
    sandbox.store.create(kargo('stages'), {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: { name: 'dev', namespace: 'orders' },
      spec: {},
    });
    await until(
      () => watch!.list('stages', 'orders').length === 1,
      "the new project's Stage",
    );
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      'the state of a fresh LIST',
    );
  });

  it("reports a namespace it may not list as that project's failure, never as the instance's, and the others are held", async () => {
    // Narrower RBAC: no RoleBinding in payments.
    const paymentsStages =
      /^\/apis\/kargo\.akuity\.io\/v1alpha1\/namespaces\/payments\/stages/;
    sandbox.faults.set({ path: paymentsStages, status: 403 });
    await startWatch(300, 'sandbox-namespaced-token');

    // The first start completes without payments' Stages.
    const checkoutStages = fresh(sandbox).filter(l =>
      l.startsWith('stages checkout/'),
    );
    expect(checkoutStages.length).toBeGreaterThan(0);
    expect(held(watch!)).toEqual(
      fresh(sandbox).filter(l => !l.startsWith('stages payments/')),
    );
    // No instance error at all: the instance's text never names payments.
    expect(health.filter(h => h !== null)).toEqual([]);
    expect(namespaceHealth).toEqual([['payments', expect.any(Error)]]);
    expect(String(namespaceHealth[0][1])).toContain(
      "may not list stages in 'payments'",
    );

    // Bound again: payments is healthy and held at the next relist.
    sandbox.faults.clear();
    await watch!.resync();
    await until(
      () => held(watch!).join() === fresh(sandbox).join(),
      "payments' Stages",
    );
    expect(namespaceHealth.at(-1)).toEqual(['payments', null]);
    expect(health.filter(h => h !== null)).toEqual([]);
  });
});

describe('what the watch keeps of each object', () => {
  let sandbox: Sandbox;
  let watch: KargoClusterWatch | undefined;
  beforeEach(async () => {
    sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
    });
  });
  afterEach(async () => {
    await watch?.stop();
    await sandbox.stop();
  });

  it('holds reduced objects that build the same Stages as the objects as read', async () => {
    const client = clientFor(sandbox.url);
    watch = client.watch({ onEvent: () => {} });
    await watch.start();
    const now = new Date().toISOString();
    const projects = watch
      .list('projects')
      .map((p: KubeObject) => p.metadata!.name!);
    expect(projects.length).toBeGreaterThan(1);
    for (const project of projects) {
      const build = (read: ProjectLists) => [
        ...buildProjectStages({
          ...read,
          instance: 'sandbox',
          kargoUrl: null,
          project,
          now,
          pullRequestsOf: () => undefined,
        }),
      ];
      const asRead = build({
        stages: await client.listStages(project),
        analysisRuns: await client.listAnalysisRuns(project),
        promotions: await client.listPromotions(project),
        freight: await client.listFreight(project),
      });
      const fromWatch = build({
        stages: watch.list('stages', project),
        analysisRuns: watch.list('analysisruns', project),
        promotions: watch.list('promotions', project),
        freight: watch.list('freights', project),
      });
      expect(asRead.length).toBeGreaterThan(0);
      expect(fromWatch).toEqual(asRead);
    }
    // What no derivation reads is not held: the server's bookkeeping, the
    // runs' metric definitions and successful measurements.
    const kept = KINDS.flatMap(kind => watch!.list(kind));
    const stored = sandbox.store.list(
      sandbox.registry.find('kargo.akuity.io', 'v1alpha1', 'stages')!,
    );
    expect(stored[0].metadata.uid).toBeDefined();
    for (const object of kept) {
      expect(Object.keys(object.metadata ?? {})).not.toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^(uid|generation|managedFields)$/),
        ]),
      );
    }
    for (const run of watch.list<AnalysisRun>('analysisruns')) {
      for (const metric of run.spec?.metrics ?? [])
        expect(Object.keys(metric)).toEqual(['name']);
    }
  });

  it('holds one copy of a FreightReference that Stages and Promotions repeat', async () => {
    watch = clientFor(sandbox.url).watch({ onEvent: () => {} });
    await watch.start();
    const references = [
      ...watch
        .list<Stage>('stages')
        .flatMap(s => [
          ...(s.status?.freightHistory ?? []).flatMap(c =>
            Object.values(c.items ?? {}),
          ),
          s.status?.lastPromotion?.freight,
          s.status?.currentPromotion?.freight,
        ]),
      ...watch.list<Promotion>('promotions').map(p => p.status?.freight),
    ].filter((r): r is FreightReference => !!r?.name);
    const byName = new Map<string, FreightReference[]>();
    for (const ref of references)
      byName.set(ref.name!, [...(byName.get(ref.name!) ?? []), ref]);
    const repeated = [...byName.values()].filter(refs => refs.length > 1);
    expect(repeated.length).toBeGreaterThan(0);
    for (const refs of repeated)
      for (const ref of refs) expect(ref).toBe(refs[0]);
  });

  it("holds the objects' short strings in the instance's interner it is given", async () => {
    const interner = new Interner();
    watch = clientFor(sandbox.url).watch({ onEvent: () => {}, interner });
    await watch.start();
    const names = watch.list<Stage>('stages').map(s => s.metadata!.name!);
    expect(names.length).toBeGreaterThan(0);
    const size = interner.size;
    expect(size).toBeGreaterThan(names.length);
    // Every Stage name read is known to the instance's table already.
    for (const name of names) interner.intern(JSON.parse(JSON.stringify(name)));
    expect(interner.size).toBe(size);
  });
});

describe('a stopped watch', () => {
  it('keeps nothing of what it held, after its streams were cut and it relisted', async () => {
    const sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
    });
    try {
      let watch: KargoClusterWatch | undefined = clientFor(sandbox.url).watch({
        onEvent: () => {},
      });
      await watch.start();
      const refs = [
        new WeakRef(watch),
        ...watch.list('stages').map((s: KubeObject) => new WeakRef(s)),
      ];
      // Streams that end by themselves, then a relist, then the stop.
      sandbox.cutWatches();
      await watch.resync();
      await watch.stop();
      watch = undefined;
      // WeakRefs hold their target until the current job ends; then a full GC.
      await new Promise(r => setTimeout(r, 100));
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      expect(refs.filter(ref => ref.deref() !== undefined)).toHaveLength(0);
    } finally {
      await sandbox.stop();
    }
  });
});
