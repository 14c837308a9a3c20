import { mockServices } from '@backstage/backend-test-utils';
import type {
  KargoClusterClient,
  KargoClusterWatch,
  KargoWatchEvent,
  KargoWatchOptions,
  PullRequestService,
} from '@kargo-backstage/plugin-kargo-node';
import { InstanceModel } from '../InstanceModel';
import { PullRequestTracker } from '../pullRequestTracker';
import { SnapshotStore } from '../SnapshotStore';
import { StageChanges } from '../stageChanges';
import {
  WatchedInstance,
  type WatchedInstanceOptions,
} from '../WatchedInstance';

/** The objects a fake watch holds, by kind (`projects`, `stages`, ...). */
export type HeldObjects = Record<string, object[]>;

/** An instance model with nothing in it, as the snapshot service makes one. */
export function emptyModel(name = 'prod'): InstanceModel {
  return new InstanceModel(
    { name, kargoUrl: null },
    new SnapshotStore(undefined, 60_000, 1_000),
    new PullRequestTracker(
      {} as PullRequestService,
      mockServices.logger.mock(),
    ),
    new StageChanges(),
  );
}

const nameOf = (o: object) =>
  (o as { metadata?: { name?: string } }).metadata?.name;

/**
 * A WatchedInstance over a fake watch that holds `held` (each list handed
 * out as a new array of the same objects, as the real watch does), and a
 * way to change an object as the cluster would.
 */
export function watchedInstance(
  held: HeldObjects,
  options: WatchedInstanceOptions = { batchMs: 1 },
) {
  let onEvent: KargoWatchOptions['onEvent'] = () => {};
  const client = {
    instance: { name: 'prod', kargoUrl: null },
    watch: (watchOptions: KargoWatchOptions): KargoClusterWatch => {
      onEvent = watchOptions.onEvent;
      return {
        start: async () => {},
        stop: async () => {},
        resync: async () => {},
        list: (kind: string) => [...(held[kind] ?? [])],
      } as unknown as KargoClusterWatch;
    },
  } as unknown as KargoClusterClient &
    Required<Pick<KargoClusterClient, 'watch'>>;
  const model = emptyModel();
  const source = new WatchedInstance(
    client,
    model,
    mockServices.logger.mock(),
    options,
  );
  /** Adds or replaces (by name) an object, and delivers its event. */
  const upsert = (kind: KargoWatchEvent['kind'], object: object) => {
    const list = held[kind] ?? [];
    const at = list.findIndex(o => nameOf(o) === nameOf(object));
    held[kind] =
      at < 0 ? [...list, object] : list.map((o, i) => (i === at ? object : o));
    onEvent({ kind, type: 'upsert', object } as KargoWatchEvent);
  };
  return { source, model, upsert };
}
