import { mockServices } from '@backstage/backend-test-utils';
import type { PullRequestService } from '@kargo-backstage/plugin-kargo-node';
import { InstanceModel } from './InstanceModel';
import { PullRequestTracker } from './pullRequestTracker';
import { SnapshotStore } from './SnapshotStore';
import { StageChanges } from './stageChanges';

// Issue 35, attack 11. Each change of a repository's pull-request listing (a webhook, or a poll
// that found a PR opened, merged or closed) asks each instance's model
// which Stages show it (InstanceModel.stagesShowing), and that answer is
// built by copying the project's set of names for every Stage found:
// `new Set([...names, stage])`, k(k-1)/2 names copied for k Stages of one
// project that show the repository. A project member names one repository
// in the Git steps of all its Stages (the 64 KB floor allows 8,192 per
// project), and opens and closes pull requests in it. Now each Stage found
// is added to its project's one set.

describe('the Stages that show a repository (issue 35, attack 11)', () => {
  it('copies no Stage name to find the 4,000 Stages of one project that show a repository (it copied 8 million)', () => {
    const K = 4_000;
    const logger = mockServices.logger.mock();
    const model = new InstanceModel(
      { name: 'i', kargoUrl: null } as never,
      new SnapshotStore(undefined, 60_000, 1_000),
      new PullRequestTracker({} as PullRequestService, logger),
      new StageChanges(),
    );
    // What rebuildProject records for each Stage it built.
    const repositories = (
      model as unknown as { repositories: Map<string, string[]> }
    ).repositories;
    const repo = 'https://github.com/acme/shared';
    for (let i = 0; i < K; i++) repositories.set(`p/s${i}`, [repo]);

    // Counts the elements every Set iterator hands out meanwhile.
    const iterate = Set.prototype[Symbol.iterator];
    let handed = 0;
    const counting = function* counting(this: Set<unknown>) {
      for (const value of iterate.call(this) as Iterable<unknown>) {
        handed++;
        yield value;
      }
    };
    // eslint-disable-next-line no-extend-native
    Set.prototype[Symbol.iterator] = counting as never;
    const started = Date.now();
    let rebuild;
    try {
      rebuild = model.stagesShowing([repo]);
    } finally {
      // eslint-disable-next-line no-extend-native
      Set.prototype[Symbol.iterator] = iterate;
    }
    // eslint-disable-next-line no-console
    console.log(
      `${K} Stages: ${handed} names copied, ${
        Date.now() - started
      } ms (counting)`,
    );
    const names = rebuild.get('p');
    expect(names !== 'all' && names?.size).toBe(K);
    expect(handed).toBe(0);
  });
});
