import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStageReadPermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoApiClient } from '@kargo-backstage/plugin-kargo-node';
import {
  kargoAuthorizedReads,
  KargoReadAnswers,
  KARGO_READ_DECISION_MS,
  withKargoReadToken,
} from './kargoReads';
import { recordingReadDecisions, ReadDecisions } from './readDecisions';
import { mayReadUnknownStagesOf } from './unknownStages';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2ln';

function kargo(answer: (project: string) => Promise<boolean>) {
  const mayListStages = jest.fn((project: string) => answer(project));
  const client = {
    authorizeReads: true,
    mayListStages,
  } as unknown as KargoApiClient;
  return {
    mayListStages,
    kargoApi: (instance: string) => {
      if (instance !== 'prod') throw new Error('no api block');
      return client;
    },
  };
}

const read = (project: string, name = 'web') => ({
  permission: kargoStageReadPermission,
  resourceRef: kargoStageResourceRef({ instance: 'prod', project, name }),
});

describe('KargoReadAnswers', () => {
  it('asks Kargo once per person and project a minute, concurrent reads sharing the call', async () => {
    let now = 0;
    const k = kargo(async () => true);
    const answers = new KargoReadAnswers(
      k.kargoApi,
      undefined,
      KARGO_READ_DECISION_MS,
      () => now,
    );
    const users = ['user:default/a', 'user:default/b'];
    // Five simulated minutes, every user reading two projects every 2 s.
    for (now = 0; now < 5 * 60_000; now += 2_000) {
      await Promise.all(
        users.flatMap(u =>
          ['checkout', 'payments'].map(p =>
            answers.mayRead(u, 'prod', p, TOKEN),
          ),
        ),
      );
    }
    // 2 users x 2 projects x 5 minutes.
    expect(k.mayListStages).toHaveBeenCalledTimes(20);
  });

  it('is no, for that minute, when Kargo does not answer (401, unreachable), and logs without the token', async () => {
    let now = 0;
    const logger = mockServices.logger.mock();
    const k = kargo(async () => {
      throw new Error("Kargo (instance 'prod') did not accept your sign-in");
    });
    const answers = new KargoReadAnswers(k.kargoApi, logger, 60_000, () => now);
    expect(
      await answers.mayRead('user:default/a', 'prod', 'checkout', TOKEN),
    ).toBe(false);
    now = 59_000;
    expect(
      await answers.mayRead('user:default/a', 'prod', 'checkout', TOKEN),
    ).toBe(false);
    expect(k.mayListStages).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain(TOKEN);
  });

  it('is no without a token, without asking Kargo', async () => {
    const k = kargo(async () => true);
    const answers = new KargoReadAnswers(k.kargoApi);
    expect(
      await answers.mayRead('user:default/a', 'prod', 'checkout', undefined),
    ).toBe(false);
    expect(k.mayListStages).not.toHaveBeenCalled();
  });
});

describe('kargoAuthorizedReads', () => {
  const policy = (result: AuthorizeResult.ALLOW | AuthorizeResult.DENY) => {
    const inner = mockServices.permissions.mock();
    inner.authorize.mockImplementation(async requests =>
      requests.map(() => ({ result })),
    );
    return inner;
  };

  it("lets a person's ALLOW stand only where Kargo lists the project to them", async () => {
    const k = kargo(async project => project === 'checkout');
    const permissions = kargoAuthorizedReads(
      policy(AuthorizeResult.ALLOW),
      new KargoReadAnswers(k.kargoApi),
    );
    const decisions = await withKargoReadToken(TOKEN, () =>
      permissions.authorize(
        [read('checkout'), read('payments'), read('checkout', 'api')],
        {
          credentials: mockCredentials.user('user:default/a'),
        },
      ),
    );
    expect(decisions.map(d => d.result)).toEqual([
      AuthorizeResult.ALLOW,
      AuthorizeResult.DENY,
      AuthorizeResult.ALLOW,
    ]);
    // Per project, never per Stage.
    expect(k.mayListStages).toHaveBeenCalledTimes(2);
  });

  it('leaves services, Backstage denials and instances that do not ask Kargo alone', async () => {
    const k = kargo(async () => false);
    const answers = new KargoReadAnswers(k.kargoApi);
    const allow = kargoAuthorizedReads(policy(AuthorizeResult.ALLOW), answers);
    const deny = kargoAuthorizedReads(policy(AuthorizeResult.DENY), answers);
    const service = await withKargoReadToken(TOKEN, () =>
      allow.authorize([read('checkout')], {
        credentials: mockCredentials.service('plugin:catalog'),
      }),
    );
    expect(service[0].result).toBe(AuthorizeResult.ALLOW);
    const denied = await withKargoReadToken(TOKEN, () =>
      deny.authorize([read('checkout')], {
        credentials: mockCredentials.user('user:default/a'),
      }),
    );
    expect(denied[0].result).toBe(AuthorizeResult.DENY);
    const otherInstance = await withKargoReadToken(TOKEN, () =>
      allow.authorize(
        [
          {
            permission: kargoStageReadPermission,
            resourceRef: kargoStageResourceRef({
              instance: 'dev',
              project: 'checkout',
              name: 'web',
            }),
          },
        ],
        { credentials: mockCredentials.user('user:default/a') },
      ),
    );
    expect(otherInstance[0].result).toBe(AuthorizeResult.ALLOW);
    expect(k.mayListStages).not.toHaveBeenCalled();
  });

  // Attack 4 (low): while a project's first read fails, its Stages are not
  // known, and the route answers 503 "not read yet" only to who may read
  // some Stage of it. Backstage's conditional decision names no project, so
  // a person Backstage allows but Kargo hides the project from was told
  // that it exists (503), where a missing project answers 404.
  it('tells a person of a project never read only where Kargo lists it to them, asking Kargo once a minute', async () => {
    const k = kargo(async project => project === 'checkout');
    const inner = policy(AuthorizeResult.ALLOW);
    inner.authorizeConditional.mockImplementation(async queries =>
      queries.map(() => ({ result: AuthorizeResult.ALLOW })),
    );
    // As the plugin composes it: read decisions recorded around Kargo's say.
    const permissions = recordingReadDecisions(
      kargoAuthorizedReads(inner, new KargoReadAnswers(k.kargoApi)),
      new ReadDecisions(60_000),
    );
    const person = mockCredentials.user('user:default/a');
    const mayRead = (
      project: string,
      credentials: BackstageCredentials = person,
    ) =>
      withKargoReadToken(TOKEN, () =>
        mayReadUnknownStagesOf(permissions, credentials, {
          instance: 'prod',
          project,
        }),
      );
    expect(await mayRead('payments')).toBe(false);
    expect(await mayRead('checkout')).toBe(true);
    expect(await mayRead('payments')).toBe(false);
    expect(k.mayListStages).toHaveBeenCalledTimes(2);
    // Services keep kargo.access.services; instances without authorizeReads
    // and the instance as a whole are Backstage's alone.
    expect(
      await mayRead('payments', mockCredentials.service('plugin:catalog')),
    ).toBe(true);
    expect(
      await withKargoReadToken(TOKEN, () =>
        mayReadUnknownStagesOf(permissions, person, { instance: 'prod' }),
      ),
    ).toBe(true);
    expect(
      await withKargoReadToken(TOKEN, () =>
        mayReadUnknownStagesOf(permissions, person, {
          instance: 'dev',
          project: 'payments',
        }),
      ),
    ).toBe(true);
    expect(k.mayListStages).toHaveBeenCalledTimes(2);
  });
});
