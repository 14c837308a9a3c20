import { emptyModel, watchedInstance } from './__testUtils__/watched';
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
    const watched = watchedInstance({
      projects: [{ metadata: { name: 'p' } }],
      stages: ['a', 'b', 'c'].map(stageOf),
      freights: freight,
    });
    /** A changed Stage, delivered as the watch does; resolves once applied. */
    const changeStage = async (name: string) => {
      const object = { ...stageOf(name), status: { health: { status: 'x' } } };
      watched.upsert('stages', object);
      await watched.source.refresh();
    };
    return { ...watched, changeStage };
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
    const model = emptyModel();
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
