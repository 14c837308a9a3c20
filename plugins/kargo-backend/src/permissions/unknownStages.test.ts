import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { mayReadUnknownStagesOf, unknownStagesReader } from './unknownStages';

const conditional = (conditions: any): PolicyDecision => ({
  result: AuthorizeResult.CONDITIONAL,
  pluginId: 'kargo',
  resourceType: 'kargo-stage',
  conditions,
});
const rule = (name: string, params: object) => ({
  rule: name,
  resourceType: 'kargo-stage',
  params,
});

function permissionsAnswering(decision: PolicyDecision) {
  return mockServices.permissions.mock({
    authorizeConditional: async () => [decision] as any,
  });
}

describe('mayReadUnknownStagesOf', () => {
  const credentials = mockCredentials.user();
  const payments = { instance: 'prod', project: 'payments' };
  const ask = (decision: PolicyDecision, where: object = payments) =>
    mayReadUnknownStagesOf(
      permissionsAnswering(decision),
      credentials,
      where as any,
    );

  it('follows a definitive decision', async () => {
    expect(await ask({ result: AuthorizeResult.ALLOW })).toBe(true);
    expect(await ask({ result: AuthorizeResult.DENY })).toBe(false);
  });

  it('is no where the conditions cannot hold, yes where they may', async () => {
    const checkout = rule('IS_IN_PROJECT', { projects: ['checkout'] });
    const prod = rule('IS_IN_INSTANCE', { instances: ['prod'] });
    const stageDev = rule('IS_STAGE', { stages: ['dev'] });
    expect(await ask(conditional(checkout))).toBe(false);
    expect(
      await ask(conditional(rule('IS_IN_PROJECT', { projects: ['payments'] }))),
    ).toBe(true);
    // A Stage name cannot be decided for Stages not known: maybe.
    expect(await ask(conditional(stageDev))).toBe(true);
    expect(await ask(conditional({ allOf: [checkout, stageDev] }))).toBe(false);
    expect(await ask(conditional({ allOf: [prod, stageDev] }))).toBe(true);
    expect(await ask(conditional({ anyOf: [checkout, prod] }))).toBe(true);
    expect(await ask(conditional({ not: prod }))).toBe(false);
    expect(await ask(conditional({ anyOf: [checkout, { not: prod }] }))).toBe(
      false,
    );
    // An instance: a project rule may hold for one of its projects.
    expect(await ask(conditional(checkout), { instance: 'prod' })).toBe(true);
    expect(
      await ask(
        conditional(rule('IS_IN_INSTANCE', { instances: ['staging'] })),
        { instance: 'prod' },
      ),
    ).toBe(false);
  });

  it("is no for another plugin's conditions", async () => {
    expect(
      await ask({
        result: AuthorizeResult.CONDITIONAL,
        pluginId: 'catalog',
        resourceType: 'catalog-entity',
        conditions: rule('IS_ENTITY_OWNER', { claims: [] }) as any,
      }),
    ).toBe(false);
  });

  it('asks the policy once however many places are asked about', async () => {
    const permissions = permissionsAnswering({
      result: AuthorizeResult.ALLOW,
    });
    const reader = unknownStagesReader(permissions, credentials);
    await reader(payments);
    await reader({ instance: 'prod' });
    expect(permissions.authorizeConditional).toHaveBeenCalledTimes(1);
  });
});
