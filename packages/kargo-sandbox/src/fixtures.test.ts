import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderDemoFixtures, renderLargeFixtures } from './demo/generate';
import { DEMO_FIXTURES_DIR, LARGE_FIXTURES_DIR } from './fixtures';
import { startSandbox, Sandbox } from './sandbox';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const terminal = new Set([
  'Successful',
  'Failed',
  'Error',
  'Inconclusive',
  'Aborted',
]);

describe('demo fixtures', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ controller: false });
  });
  afterAll(() => sandbox.stop());

  const kinds = () => sandbox.registry;
  const list = (group: string, plural: string, ns?: string) =>
    sandbox.store.list(kinds().find(group, 'v1alpha1', plural)!, ns);
  const stage = (ns: string, name: string) =>
    list('kargo.akuity.io', 'stages', ns).find(s => s.metadata.name === name)!;
  const runsOf = (ns: string, name: string) =>
    list('argoproj.io', 'analysisruns', ns).filter(
      a => a.metadata.labels?.['kargo.akuity.io/stage'] === name,
    );

  it('are the output of the scenario builders', () => {
    for (const [file, text] of Object.entries(renderDemoFixtures())) {
      expect(fs.readFileSync(path.join(DEMO_FIXTURES_DIR, file), 'utf8')).toBe(
        text,
      );
    }
    for (const [file, text] of Object.entries(renderLargeFixtures())) {
      expect(fs.readFileSync(path.join(LARGE_FIXTURES_DIR, file), 'utf8')).toBe(
        text,
      );
    }
  });

  it('hold two projects with eight Stages, each with a project namespace', () => {
    expect(
      list('kargo.akuity.io', 'projects').map(p => p.metadata.name),
    ).toEqual(['checkout', 'payments']);
    expect(
      list('kargo.akuity.io', 'stages').map(
        s => `${s.metadata.namespace}/${s.metadata.name}`,
      ),
    ).toEqual([
      'checkout/dev',
      'checkout/prod',
      'checkout/staging',
      'payments/perf',
      'payments/prod',
      'payments/qa',
      'payments/test',
      'payments/uat',
    ]);
    const ns = sandbox.store.get(
      kinds().find('', 'v1', 'namespaces')!,
      undefined,
      'checkout',
    );
    expect(ns?.metadata.labels).toEqual({ 'kargo.akuity.io/project': 'true' });
  });

  it('checkout/staging records stale Running/Pending verifications whose runs all Failed', () => {
    const history = stage('checkout', 'staging').status.freightHistory;
    expect(terminal.has(history[0].verificationHistory[0].phase)).toBe(true);
    expect(history[0].verificationHistory[0].phase).toBe('Successful');
    const stale = history.slice(1).map((c: any) => c.verificationHistory[0]);
    expect(stale.map((v: any) => v.phase)).toEqual([
      'Running',
      'Pending',
      'Running',
    ]);
    for (const vi of stale) {
      const ar = sandbox.store.get(
        kinds().find('argoproj.io', 'v1alpha1', 'analysisruns')!,
        'checkout',
        vi.analysisRun.name,
      );
      expect(ar?.status.phase).toBe('Failed');
    }
  });

  it('payments covers running, failed-with-messages, no verification and more runs than status keeps', () => {
    expect(
      stage('payments', 'test').status.freightHistory[0].verificationHistory[0]
        .phase,
    ).toBe('Running');
    expect(
      runsOf('payments', 'test').find(a => a.status.phase === 'Running'),
    ).toBeTruthy();
    // qa: humble-crane verified Successful, then its re-verification Failed.
    const qaRuns = runsOf('payments', 'qa');
    expect(qaRuns.map((a: any) => a.status.phase).sort()).toEqual([
      'Failed',
      'Successful',
    ]);
    const qa = qaRuns.find((a: any) => a.status.phase === 'Failed')!;
    const failed = qa.status.metricResults
      .flatMap((m: any) => m.measurements)
      .filter((m: any) => m.phase === 'Failed');
    expect(failed[0].message).toContain('card authorisations time out');
    expect(stage('payments', 'uat').spec.verification).toBeUndefined();
    expect(runsOf('payments', 'uat')).toHaveLength(0);
    expect(runsOf('payments', 'perf')).toHaveLength(14);
    expect(
      stage('payments', 'perf').status.freightHistory[0].verificationHistory,
    ).toHaveLength(10);
  });

  it('checkout/prod has PR #42 recorded by the running Promotion and orphaned PR #41', () => {
    const promos = list('kargo.akuity.io', 'promotions', 'checkout').filter(
      p => p.spec.stage === 'prod',
    );
    const running = promos.find(p => p.status.phase === 'Running')!;
    expect(running.status.state['open-pr'].pr).toEqual({
      id: 42,
      url: 'https://github.com/acme/checkout-deploy/pull/42',
    });
    const failed = promos.find(p => p.status.phase === 'Failed')!;
    expect(failed.status.state).toBeUndefined();
    const prs = sandbox.git.list('https://github.com/acme/checkout-deploy');
    expect(prs.find(p => p.number === 42)).toMatchObject({
      state: 'open',
      sourceBranch: `kargo/promotion/${running.metadata.name}`,
    });
    expect(prs.find(p => p.number === 41)).toMatchObject({
      state: 'open',
      sourceBranch: `kargo/promotion/${failed.metadata.name}`,
    });
  });

  it('payments/prod promotes from release/payments-prod, which already has open MR !7', () => {
    const open = stage(
      'payments',
      'prod',
    ).spec.promotionTemplate.spec.steps.find(
      (s: any) => s.uses === 'git-open-pr',
    );
    expect(open.config).toMatchObject({
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
    });
    const mrs = sandbox.git.list('https://gitlab.example.com/payments/deploy');
    expect(mrs.find(m => m.number === 7)).toMatchObject({
      state: 'open',
      sourceBranch: 'release/payments-prod',
      provider: 'gitlab',
    });
  });
});

describe('fixture loading', () => {
  it('rejects an object that violates its CRD, naming the file and the field', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-fixtures-'));
    fs.writeFileSync(
      path.join(dir, 'bad.yaml'),
      'apiVersion: kargo.akuity.io/v1alpha1\nkind: Stage\nmetadata: {name: x, namespace: p}\nspec: {}\n',
    );
    await expect(startSandbox({ fixtures: dir })).rejects.toThrow(
      /bad\.yaml \(document 1\): Stage\.kargo\.akuity\.io "x" is invalid: spec\.requestedFreight: Required value/,
    );
  });
});

describe('the large project', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({
      controller: false,
      fixtures: [DEMO_FIXTURES_DIR, LARGE_FIXTURES_DIR],
    });
  });
  afterAll(() => sandbox.stop());

  const list = (group: string, plural: string, ns?: string) =>
    sandbox.store.list(sandbox.registry.find(group, 'v1alpha1', plural)!, ns);

  it('loads beside the demo: edge has 50 Stages that fan out and back in, each holding a Freight', () => {
    expect(
      list('kargo.akuity.io', 'projects').map(p => p.metadata.name),
    ).toEqual(['checkout', 'edge', 'ledger', 'payments']);
    const stages = list('kargo.akuity.io', 'stages', 'edge');
    expect(stages).toHaveLength(50);
    const sources = (name: string) =>
      stages.find(s => s.metadata.name === name)!.spec.requestedFreight[0]
        .sources;
    expect(sources('dev')).toEqual({ direct: true });
    expect(sources('uat').stages).toEqual([
      'qa-integration',
      'qa-e2e',
      'qa-perf',
    ]);
    expect(
      stages.filter(s => sources(s.metadata.name).stages?.includes('uat')),
    ).toHaveLength(15);
    expect(sources('prod-eu-west-1').stages).toEqual(['canary-eu-west-1']);

    const freight = list('kargo.akuity.io', 'freights', 'edge');
    const holders = new Set(
      freight.flatMap(f => Object.keys(f.status.currentlyIn ?? {})),
    );
    for (const stage of stages) {
      expect(holders.has(stage.metadata.name)).toBe(true);
      expect(stage.status.freightHistory[0].verificationHistory[0].phase).toBe(
        'Successful',
      );
    }
  });

  it("knows edge's repository on GitHub (listing its pull requests answers, none open)", () => {
    expect(
      sandbox.git.findRepository('github', 'acme/edge-deploy'),
    ).toBeDefined();
    expect(
      sandbox.git
        .list('https://github.com/acme/edge-deploy')
        .filter(pr => pr.state === 'open'),
    ).toEqual([]);
  });
});
