import { mockServices } from '@backstage/backend-test-utils';
import type { Freight, Stage } from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoClusterClient,
  KargoClusterWatch,
  KargoWatchOptions,
  PullRequestService,
} from '@kargo-backstage/plugin-kargo-node';
import { InstanceModel } from './InstanceModel';
import { PullRequestTracker } from './pullRequestTracker';
import { SnapshotStore } from './SnapshotStore';
import { StageChanges } from './stageChanges';
import { WatchedInstance } from './WatchedInstance';

describe("a watched instance's string table", () => {
  it("is its model's, handed to its watch; another instance has its own", () => {
    const logger = mockServices.logger.mock();
    const store = new SnapshotStore(undefined, 60_000, 1_000);
    const tracker = new PullRequestTracker({} as PullRequestService, logger);
    const changes = new StageChanges();
    const given: KargoWatchOptions[] = [];
    const watched = (name: string) => {
      const client = {
        instance: { name, kargoUrl: null },
        watch: (options: KargoWatchOptions): KargoClusterWatch => {
          given.push(options);
          return {
            start: async () => {},
            stop: async () => {},
            resync: async () => {},
            list: () => [],
          };
        },
      } as unknown as KargoClusterClient &
        Required<Pick<KargoClusterClient, 'watch'>>;
      const model = new InstanceModel(client.instance, store, tracker, changes);
      const source = new WatchedInstance(client, model, logger);
      expect(source.model).toBe(model);
      return model;
    };
    const production = watched('production');
    const staging = watched('staging');
    // The objects the watch keeps and the details built from them share one table.
    expect(given).toHaveLength(2);
    expect(given[0].interner).toBe(production.interner);
    expect(given[1].interner).toBe(staging.interner);
    expect(production.interner).not.toBe(staging.interner);
  });
});

describe("a watched project's Freight index", () => {
  const BASE = Date.UTC(2026, 0, 1);
  /** Freight of warehouse `w`, counting reads of their creation times. */
  function countedFreight(count: number) {
    const reads = { count: 0 };
    const list = Array.from({ length: count }, (_, i) => {
      const metadata = { name: `f${i}`, namespace: 'p' };
      Object.defineProperty(metadata, 'creationTimestamp', {
        enumerable: true,
        get: () => {
          reads.count++;
          return new Date(BASE + i * 60_000).toISOString();
        },
      });
      return { metadata, origin: { kind: 'Warehouse', name: 'w' } };
    });
    return { list, reads };
  }
  const stageOf = (name: string) => ({
    metadata: { name, namespace: 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: 'w' },
          sources: { direct: true },
        },
      ],
    },
  });

  function watchedProject(freight: object[]) {
    const logger = mockServices.logger.mock();
    const store = new SnapshotStore(undefined, 60_000, 1_000);
    const tracker = new PullRequestTracker({} as PullRequestService, logger);
    const held: Record<string, object[]> = {
      projects: [{ metadata: { name: 'p' } }],
      stages: ['a', 'b', 'c'].map(stageOf),
      freights: freight,
    };
    let onEvent: KargoWatchOptions['onEvent'] = () => {};
    const client = {
      instance: { name: 'prod', kargoUrl: null },
      watch: (options: KargoWatchOptions): KargoClusterWatch => {
        onEvent = options.onEvent;
        return {
          start: async () => {},
          stop: async () => {},
          resync: async () => {},
          // A new array of the objects held, as the real watch hands out.
          list: (kind: string) => [...(held[kind] ?? [])],
        } as unknown as KargoClusterWatch;
      },
    } as unknown as KargoClusterClient &
      Required<Pick<KargoClusterClient, 'watch'>>;
    const model = new InstanceModel(
      client.instance,
      store,
      tracker,
      new StageChanges(),
    );
    const source = new WatchedInstance(client, model, logger, { batchMs: 1 });
    /** A changed Stage, delivered as the watch does; resolves once applied. */
    const changeStage = async (name: string) => {
      const object = { ...stageOf(name), status: { health: { status: 'x' } } };
      held.stages = held.stages.map(s =>
        (s as Stage).metadata?.name === name ? object : s,
      );
      onEvent({ kind: 'stages', type: 'upsert', object });
      await source.refresh();
    };
    return { source, model, changeStage };
  }

  it('is built by the first sync and kept for the events that follow', async () => {
    const { list, reads } = countedFreight(2_000);
    const { source, model, changeStage } = watchedProject(list);
    await source.ready();
    const first = reads.count;
    // Measured against its budget and indexed: every Freight read.
    expect(first).toBeGreaterThanOrEqual(2 * 2_000);

    reads.count = 0;
    await changeStage('b');
    const state = await model.current();
    const b = state!.projects.p.stages.find(s => s.name === 'b')!;
    expect(b.health).toBe('x');
    expect(b.freightOptions).toHaveLength(20);
    // The 20 options 'b' shows, nothing indexed again.
    expect(reads.count).toBe(20);
    await source.stop();
  });

  it('is not kept from a poll: its lists are new objects each time', async () => {
    const { list, reads } = countedFreight(500);
    const store = new SnapshotStore(undefined, 60_000, 1_000);
    const logger = mockServices.logger.mock();
    const model = new InstanceModel(
      { name: 'prod', kargoUrl: null },
      store,
      new PullRequestTracker({} as PullRequestService, logger),
      new StageChanges(),
    );
    const lists = {
      stages: ['a', 'b'].map(stageOf) as Stage[],
      promotions: [],
      analysisRuns: [],
      freight: list as Freight[],
    };
    const update = () =>
      model.update({
        rebuild: new Map([['p', new Set(['b'])]]),
        listsOf: () => ({ ...lists, freight: [...lists.freight] }),
      });
    await update();
    reads.count = 0;
    await update();
    // Indexed again (500 reads), besides the 20 options shown.
    expect(reads.count).toBe(500 + 20);
  });
});

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

  function watchedProject(held: Record<string, object[]>) {
    const logger = mockServices.logger.mock();
    const store = new SnapshotStore(undefined, 60_000, 1_000);
    const tracker = new PullRequestTracker({} as PullRequestService, logger);
    let onEvent: KargoWatchOptions['onEvent'] = () => {};
    const client = {
      instance: { name: 'prod', kargoUrl: null },
      watch: (options: KargoWatchOptions): KargoClusterWatch => {
        onEvent = options.onEvent;
        return {
          start: async () => {},
          stop: async () => {},
          resync: async () => {},
          list: (kind: string) => [...(held[kind] ?? [])],
        } as unknown as KargoClusterWatch;
      },
    } as unknown as KargoClusterClient &
      Required<Pick<KargoClusterClient, 'watch'>>;
    const model = new InstanceModel(
      client.instance,
      store,
      tracker,
      new StageChanges(),
    );
    const source = new WatchedInstance(client, model, logger, { batchMs: 1 });
    /** A new run, delivered as the watch does; resolves once applied. */
    const addRun = async (run: object) => {
      held.analysisruns = [...(held.analysisruns ?? []), run];
      onEvent({ kind: 'analysisruns', type: 'upsert', object: run });
      await source.refresh();
    };
    return { source, model, addRun };
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

describe('applying watch events', () => {
  afterEach(() => jest.useRealTimers());

  it('waits after an application at least as long as it took, and applies what arrived meanwhile together', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const logger = mockServices.logger.mock();
    const stageNamed = (name: string, health = 'Healthy') => ({
      metadata: { name, namespace: 'p' },
      status: { health: { status: health } },
    });
    const held: Record<string, object[]> = {
      projects: [{ metadata: { name: 'p' } }],
      stages: ['a', 'b', 'c'].map(n => stageNamed(n)),
    };
    let onEvent: KargoWatchOptions['onEvent'] = () => {};
    const client = {
      instance: { name: 'prod', kargoUrl: null },
      watch: (options: KargoWatchOptions): KargoClusterWatch => {
        onEvent = options.onEvent;
        return {
          start: async () => {},
          stop: async () => {},
          resync: async () => {},
          list: (kind: string) => [...(held[kind] ?? [])],
        } as unknown as KargoClusterWatch;
      },
    } as unknown as KargoClusterClient &
      Required<Pick<KargoClusterClient, 'watch'>>;
    const model = new InstanceModel(
      client.instance,
      new SnapshotStore(undefined, 60_000, 1_000),
      new PullRequestTracker({} as PullRequestService, logger),
      new StageChanges(),
    );
    // Each application takes 500 ms of the (given) clock.
    let now = 0;
    const applied: string[][] = [];
    const update = model.update.bind(model);
    model.update = async options => {
      now += 500;
      const which = options.rebuild.get('p');
      applied.push(which && which !== 'all' ? [...which].sort() : ['all']);
      return update(options);
    };
    const source = new WatchedInstance(client, model, logger, {
      batchMs: 20,
      clock: () => now,
    });
    await source.ready();
    applied.length = 0;
    const change = (name: string) => {
      const object = stageNamed(name, `changed at ${now}`);
      held.stages = held.stages.map(s =>
        (s as Stage).metadata?.name === name ? object : s,
      );
      onEvent({ kind: 'stages', type: 'upsert', object });
    };

    change('a');
    await jest.advanceTimersByTimeAsync(20);
    expect(applied).toEqual([['a']]);

    // Applying 'a' took 500 ms: 'b' and 'c' wait 500 ms, then go together.
    change('b');
    change('c');
    await jest.advanceTimersByTimeAsync(499);
    expect(applied).toEqual([['a']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(applied).toEqual([['a'], ['b', 'c']]);
    const state = await model.current();
    expect(state!.projects.p.stages.map(s => s.health)).toEqual([
      // The first sync took the first 500 ms.
      'changed at 500',
      'changed at 1000',
      'changed at 1000',
    ]);
    await source.stop();
  });
});
