import { mockServices } from '@backstage/backend-test-utils';
import type { PullRequestService } from '@kargo-backstage/plugin-kargo-node';
import { PullRequestGatherer } from './pullRequestGatherer';
import { PullRequestTracker } from './pullRequestTracker';

const REPO = 'https://github.com/acme/checkout-deploy';

function setup() {
  const listOpenPullRequests = jest.fn(async () => []);
  const service = { listOpenPullRequests, openOrReclaim: jest.fn() } as unknown as PullRequestService;
  const logger = mockServices.logger.mock();
  const gatherer = new PullRequestGatherer(service, logger);
  return { tracker: new PullRequestTracker(gatherer, logger), gatherer, listOpenPullRequests };
}

describe('PullRequestTracker', () => {
  it('per-repository maps are pruned when no Stage shows a repository any more', async () => {
    const { tracker, gatherer } = setup();
    expect(tracker.use('prod/checkout/prod', [REPO])).toEqual([REPO]);
    // Never listed yet, however it is spelled.
    expect(tracker.use('prod/checkout/uat', [`${REPO}.git`])).toEqual([`${REPO}.git`]);
    await tracker.list([REPO]);
    expect(tracker.lookup(REPO)).toEqual({ pullRequests: [], error: null });
    expect(gatherer.remembered()).toBe(1);

    tracker.use('prod/checkout/prod', []);
    expect(tracker.tracked()).toBe(1);
    tracker.use('prod/checkout/uat', []);
    expect(tracker.tracked()).toBe(0);
    expect(gatherer.remembered()).toBe(0);
    expect(tracker.lookup(REPO)).toBeUndefined();
  });

  it('lists a repository once while a listing of it is under way', async () => {
    const { tracker, listOpenPullRequests } = setup();
    tracker.use('prod/checkout/prod', [REPO]);
    await Promise.all([tracker.list([REPO]), tracker.listAll(), tracker.list([REPO])]);
    expect(listOpenPullRequests).toHaveBeenCalledTimes(1);
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
});
