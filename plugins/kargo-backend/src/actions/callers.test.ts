import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { callerRefusals } from './callers';

const stage = { instance: 'sandbox', project: 'checkout', name: 'prod' };

describe('callerRefusals (what get-stage says of Reverify and Abort for the caller)', () => {
  const auth = mockServices.auth();
  const allow = mockServices.permissions.mock({
    authorize: async requests =>
      requests.map(() => ({ result: AuthorizeResult.ALLOW })),
  });

  it('lets a service write only where kargo.access.services[].write names it, as the write pipeline does', async () => {
    const bot = mockCredentials.service('external:ci-bot');
    expect(await callerRefusals(auth, allow, stage, bot)).toEqual({
      reverify: expect.stringContaining(
        "The service 'external:ci-bot' may not write to Kargo",
      ),
      abort: expect.stringContaining('kargo.access.services[].write'),
    });
    expect(
      await callerRefusals(
        auth,
        allow,
        stage,
        bot,
        new Set(['external:ci-bot']),
      ),
    ).toEqual({ reverify: null, abort: null });
  });

  it('names the permission a user is denied, and nothing when allowed', async () => {
    const user = mockCredentials.user('user:default/bob');
    const deny = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map(() => ({ result: AuthorizeResult.DENY })),
    });
    expect(await callerRefusals(auth, deny, stage, user)).toEqual({
      reverify: 'Permission kargo.stage.reverify is denied to you',
      abort: 'Permission kargo.stage.abort is denied to you',
    });
    expect(await callerRefusals(auth, allow, stage, user)).toEqual({
      reverify: null,
      abort: null,
    });
  });

  it('refuses a caller who is not signed in', async () => {
    const none = mockCredentials.none();
    const refusals = await callerRefusals(auth, allow, stage, none);
    expect(refusals.reverify).toMatch(/Sign in/);
    expect(allow.authorize).not.toHaveBeenCalledWith(expect.anything(), {
      credentials: none,
    });
  });
});
