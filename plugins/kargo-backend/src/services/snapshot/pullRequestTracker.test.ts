import { mockServices } from '@backstage/backend-test-utils';
import { withListingRules } from '@kargo-backstage/plugin-kargo-node';
import { PullRequestTracker } from './pullRequestTracker';

const REPO = 'https://github.com/acme/checkout-deploy';

function setup() {
  const listOpenPullRequests = jest.fn(async () => []);
  const service = withListingRules({ listOpenPullRequests, openOrReclaim: jest.fn() });
  const forget = jest.spyOn(service, 'forget');
  const logger = mockServices.logger.mock();
  return { tracker: new PullRequestTracker(service, logger), forget, listOpenPullRequests };
}

describe('PullRequestTracker', () => {
  it('per-repository maps are pruned when no Stage shows a repository any more', async () => {
    const { tracker, forget } = setup();
    expect(tracker.use('prod/checkout/prod', [REPO])).toEqual([REPO]);
    // Never listed yet, however it is spelled.
    expect(tracker.use('prod/checkout/uat', [`${REPO}.git`])).toEqual([`${REPO}.git`]);
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
