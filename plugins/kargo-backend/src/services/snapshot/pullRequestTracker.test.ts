import { mockServices } from '@backstage/backend-test-utils';
import { CacheManager } from '@backstage/backend-defaults/cache';
import { ConfigReader } from '@backstage/config';
import type { CacheService } from '@backstage/backend-plugin-api';
import { withListingRules } from '@kargo-backstage/plugin-kargo-node';
import { PullRequestTracker } from './pullRequestTracker';
import { SharedListings } from './sharedListings';

const REPO = 'https://github.com/acme/checkout-deploy';

function setup(cache?: CacheService) {
  const listOpenPullRequests = jest.fn(async () => []);
  const service = withListingRules({
    listOpenPullRequests,
    openOrReclaim: jest.fn(),
  });
  const forget = jest.spyOn(service, 'forget');
  const logger = mockServices.logger.mock();
  const sharing = cache && {
    listings: new SharedListings(cache, 600_000),
    maxAgeMs: 60_000,
  };
  return {
    tracker: new PullRequestTracker(service, logger, sharing),
    forget,
    listOpenPullRequests,
    service,
  };
}

/** Two replicas' trackers on one cache store (Backstage's memory store stands in for redis). */
function replicas() {
  const cache = CacheManager.fromConfig(new ConfigReader({})).forPlugin(
    'kargo',
  );
  return [setup(cache), setup(cache)];
}

describe('PullRequestTracker', () => {
  it('per-repository maps are pruned when no Stage shows a repository any more', async () => {
    const { tracker, forget } = setup();
    expect(tracker.use('prod/checkout/prod', [REPO])).toEqual([REPO]);
    // Never listed yet, however it is spelled.
    expect(tracker.use('prod/checkout/uat', [`${REPO}.git`])).toEqual([
      `${REPO}.git`,
    ]);
    await tracker.list([REPO]);
    expect(tracker.lookup(REPO)).toEqual({ pullRequests: [], error: null });

    tracker.use('prod/checkout/prod', []);
    expect(tracker.tracked()).toBe(1);
    tracker.use('prod/checkout/uat', []);
    expect(tracker.tracked()).toBe(0);
    // The service forgets its last good list of it too.
    expect(forget).toHaveBeenCalledWith(REPO);
    expect(tracker.lookup(REPO)).toBeUndefined();
  });

  it('lists a repository once while a listing of it is under way', async () => {
    const { tracker, listOpenPullRequests } = setup();
    tracker.use('prod/checkout/prod', [REPO]);
    await Promise.all([
      tracker.list([REPO]),
      tracker.listAll(),
      tracker.list([REPO]),
    ]);
    expect(listOpenPullRequests).toHaveBeenCalledTimes(1);
  });

  it('a repository several Stages name in one batch is listed and reported once', async () => {
    const { tracker, listOpenPullRequests, service } = setup();
    const asked = jest.spyOn(service, 'listRepository');
    const changed = jest.fn();
    tracker.onChange(changed);
    const stages = ['prod', 'uat', 'test'].map(s => `prod/checkout/${s}`);
    const named = stages.flatMap(s => tracker.use(s, [REPO]));
    expect(named).toEqual([REPO, REPO, REPO]);
    listOpenPullRequests.mockResolvedValueOnce([{ number: 7 }] as never);
    await tracker.list([...named, `${REPO}.git`]);
    // Asked (and its answer compared) once, not once per Stage that named it.
    expect(asked).toHaveBeenCalledTimes(1);
    expect(listOpenPullRequests).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed.mock.calls[0][0]).toHaveLength(1);
    expect(tracker.lookup(REPO)?.pullRequests).toEqual([{ number: 7 }]);
  });

  it('tells its listeners which repositories changed, and only those', async () => {
    const { tracker, listOpenPullRequests } = setup();
    const changed = jest.fn();
    tracker.onChange(changed);
    tracker.use('prod/checkout/prod', [REPO]);
    await tracker.listAll();
    await tracker.listAll();
    expect(changed).toHaveBeenCalledTimes(1);
    listOpenPullRequests.mockResolvedValueOnce([{ number: 7 }] as never);
    await tracker.listAll();
    expect(changed).toHaveBeenLastCalledWith([REPO]);
  });

  it("replicas sharing a cache store list a repository once: a new Stage on the second takes the first one's listing", async () => {
    const [a, b] = replicas();
    a.listOpenPullRequests.mockResolvedValue([{ number: 7 }] as never);
    a.tracker.use('prod/checkout/prod', [REPO]);
    await a.tracker.list([REPO]);
    b.tracker.use('prod/checkout/prod', [REPO]);
    await b.tracker.list([REPO]);
    expect(b.tracker.lookup(REPO)).toEqual({
      pullRequests: [{ number: 7 }],
      error: null,
    });
    expect(a.listOpenPullRequests).toHaveBeenCalledTimes(1);
    expect(b.listOpenPullRequests).not.toHaveBeenCalled();
  });

  it('a replica that did not run the scheduled pass takes its listings from the shared cache store', async () => {
    const [a, b] = replicas();
    for (const { tracker } of [a, b]) tracker.use('prod/checkout/prod', [REPO]);
    await a.tracker.list([REPO]);
    await b.tracker.adoptShared();
    const changed = jest.fn();
    b.tracker.onChange(changed);
    // A pull request opened: the scheduled pass (a global task) runs on replica a only.
    a.listOpenPullRequests.mockResolvedValue([{ number: 8 }] as never);
    await a.tracker.listAll();
    await b.tracker.adoptShared();
    expect(b.tracker.lookup(REPO)).toEqual({
      pullRequests: [{ number: 8 }],
      error: null,
    });
    expect(changed).toHaveBeenCalledWith([REPO]);
    expect(b.listOpenPullRequests).not.toHaveBeenCalled();
  });

  it('a webhook re-lists at once even when a shared listing is recent', async () => {
    const [a, b] = replicas();
    for (const { tracker } of [a, b]) tracker.use('prod/checkout/prod', [REPO]);
    await a.tracker.list([REPO]);
    await b.tracker.list([REPO], { fresh: true });
    expect(b.listOpenPullRequests).toHaveBeenCalledTimes(1);
  });
});
