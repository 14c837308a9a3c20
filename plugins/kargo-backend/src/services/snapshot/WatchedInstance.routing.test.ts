import { type HeldObjects, watchedInstance } from './__testUtils__/watched';

describe('routing the watch events of a project (issue 35, attack 11)', () => {
  const origin = { kind: 'Warehouse', name: 'w' };
  const freight = {
    metadata: {
      name: 'f1',
      namespace: 'p',
      creationTimestamp: '2026-11-30T09:00:00Z',
    },
    origin,
    status: {},
  };
  const upOf = () => ({
    metadata: { name: 'up', namespace: 'p' },
    spec: { requestedFreight: [{ origin, sources: { direct: true } }] },
    status: {
      freightHistory: [
        {
          id: 'c0',
          items: { 'Warehouse/w': { name: 'f1', origin } },
          verificationHistory: [],
        },
      ],
    },
  });
  const down = {
    metadata: { name: 'down', namespace: 'p' },
    spec: { requestedFreight: [{ origin, sources: { stages: ['up'] } }] },
  };
  const runOf = (i: number, phase: string, labels: object) => ({
    metadata: { name: `up.${i}`, namespace: 'p', labels },
    status: {
      phase,
      startedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    },
  });
  const upRun = (i: number, phase: string) =>
    runOf(i, phase, {
      'kargo.akuity.io/stage': 'up',
      'kargo.akuity.io/freight': 'f1',
    });

  function watchedProject(held: HeldObjects) {
    const watched = watchedInstance(held);
    /** A new run, delivered as the watch does; resolves once applied. */
    const addRun = async (run: object) => {
      watched.upsert('analysisruns', run);
      await watched.source.refresh();
    };
    return { ...watched, addRun };
  }

  it('a failed re-verification upstream rebuilds the Stage downstream of it, whose Freight option then warns (akuity/kargo#5144)', async () => {
    const { source, model, addRun } = watchedProject({
      projects: [{ metadata: { name: 'p' } }],
      stages: [upOf(), down],
      analysisruns: [upRun(0, 'Successful')],
      freights: [freight],
    });
    const warnings = async () =>
      (await model.current())!.projects.p.stages
        .find(s => s.name === 'down')!
        .freightOptions?.find(o => o.name === 'f1')?.reverifiedFailed?.length ??
      0;
    await source.ready();
    expect(await warnings()).toBe(0);
    await addRun(upRun(1, 'Failed'));
    expect(await warnings()).toBe(1);
    await source.stop();
  });

  it("reads each Stage's status once for the unlabelled runs it routes, not again for each event", async () => {
    const reads = { count: 0 };
    const counted = (i: number) => {
      const stage = upOf();
      stage.metadata.name = `s${i}`;
      const { status } = stage;
      Object.defineProperty(stage, 'status', {
        enumerable: true,
        get: () => {
          reads.count++;
          return status;
        },
      });
      return stage;
    };
    const { source, addRun } = watchedProject({
      projects: [{ metadata: { name: 'p' } }],
      stages: Array.from({ length: 50 }, (_, i) => counted(i)),
      freights: [freight],
    });
    await source.ready();
    reads.count = 0;
    await addRun(runOf(1, 'Running', {}));
    // The project's index is built: each of the 50 statuses read once.
    expect(reads.count).toBe(50);
    reads.count = 0;
    for (let i = 2; i < 12; i++) await addRun(runOf(i, 'Running', {}));
    // Ten more events over the same Stage objects: no status read.
    expect(reads.count).toBe(0);
    await source.stop();
  });
});
