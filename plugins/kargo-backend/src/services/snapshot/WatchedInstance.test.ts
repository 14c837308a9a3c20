import { mockServices } from '@backstage/backend-test-utils';
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
