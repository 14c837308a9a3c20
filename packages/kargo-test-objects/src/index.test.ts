import { collectionId, kargoObjects, sha1, sha256 } from '.';

const full = kargoObjects({ epoch: '2026-11-27T09:00:00Z' });
const lean = kargoObjects({
  epoch: '2026-11-27T09:00:00Z',
  uid: () => undefined,
  lean: true,
});

const freightOf = (k: typeof full) =>
  k.freight({
    project: 'p',
    warehouse: 'w',
    alias: 'calm-heron',
    image: 'ghcr.io/acme/app',
    tag: 'v1.0.0',
    repoURL: 'https://github.com/acme/deploy',
    message: 'release',
    minutes: 0,
    verifiedIn: { dev: 5 },
  });

const failedRun = (k: typeof full, f: ReturnType<typeof freightOf>) =>
  k.analysisRun({
    project: 'p',
    stage: 'dev',
    freight: f,
    minutes: 10,
    phase: 'Failed',
    metrics: ['http-success-rate'],
    failures: { 'http-success-rate': 'error rate 13%' },
  });

describe('kargoObjects', () => {
  it("names Freight by Kargo's GenerateFreightID of its sorted artifacts", () => {
    const f = freightOf(full);
    const commit = sha1('https://github.com/acme/deploy@v1.0.0');
    const digest = `sha256:${sha256('ghcr.io/acme/app:v1.0.0')}`;
    expect(f.name).toBe(
      sha1(
        `Warehouse/w:ghcr.io/acme/app:v1.0.0@${digest}|https://github.com/acme/deploy#${commit}`,
      ),
    );
    expect(f.object.status.verifiedIn).toEqual({
      dev: { verifiedAt: '2026-11-27T09:05:00Z' },
    });
    expect(f.object.metadata.uid).toBe(f.uid);
  });

  it('names a run <stage>.<ulid>.<collection> and records why a metric failed', () => {
    const f = freightOf(full);
    const run = failedRun(full, f);
    expect(run.metadata.name).toMatch(
      new RegExp(`^dev\\.[0-9a-z]{26}\\.${collectionId(f.name)}$`),
    );
    expect(run.metadata.ownerReferences[0].uid).toBe(f.uid);
    expect(run.status.metricResults[0].measurements[2].message).toBe(
      'error rate 13%',
    );
    expect(run.status.runSummary).toEqual({
      count: 1,
      successful: 0,
      failed: 1,
    });
    expect(run.status.completedAt).toBe('2026-11-27T09:13:00Z');
  });

  it('leaves uids and optional fields out on a lean profile', () => {
    const f = freightOf(lean);
    expect(f.object.metadata.uid).toBeUndefined();
    const run = failedRun(lean, f);
    expect(run.status.runSummary).toEqual({ count: 1 });
    expect(run.status.dryRunSummary).toBeUndefined();
    expect(run.status.metricResults[0].measurements[2].message).toBeUndefined();
  });

  it('writes a Promotion with the progress of its steps, and without when asked', () => {
    const f = freightOf(full);
    const steps = [{ uses: 'git-clone' }, { uses: 'git-push', as: 'push' }];
    const options = {
      project: 'p',
      stage: 'dev',
      freight: f,
      minutes: 0,
      steps,
      phase: 'Running',
    };
    const running = full.promotion(options);
    expect(running.status.currentStep).toBe(1);
    expect(
      running.status.stepExecutionMetadata.map((s: any) => [s.alias, s.status]),
    ).toEqual([
      ['step-1', 'Succeeded'],
      ['push', 'Running'],
    ]);
    expect(running.status.finishedAt).toBeUndefined();
    const bare = full.promotion({ ...options, progress: false });
    expect(bare.status.currentStep).toBeUndefined();
    expect(bare.status.stepExecutionMetadata).toBeUndefined();
  });

  it('writes a Stage with its verification templates and observed generation', () => {
    const s = full.stage({
      project: 'p',
      name: 'qa',
      minutes: 0,
      warehouse: 'w',
      upstream: 'dev',
      repoURL: 'https://github.com/acme/deploy',
      steps: [],
      templates: ['smoke'],
      generation: 3,
      status: {},
    });
    expect(s.spec.requestedFreight[0].sources).toEqual({ stages: ['dev'] });
    expect(s.spec.vars).toEqual([
      { name: 'repoURL', value: 'https://github.com/acme/deploy' },
    ]);
    expect(s.spec.verification.args).toEqual([{ name: 'stage', value: 'qa' }]);
    expect(s.metadata.generation).toBe(3);
    expect(s.status.observedGeneration).toBe(3);
  });
});
