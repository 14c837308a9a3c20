import { kargoStageConditions, kargoStageRules } from './rules';

const stage = { instance: 'sandbox', project: 'checkout', name: 'staging' };

describe('kargo-stage permission rules', () => {
  it('match Stages by project, instance and name', () => {
    expect(
      kargoStageRules.isInProject.apply(stage, { projects: ['checkout'] }),
    ).toBe(true);
    expect(
      kargoStageRules.isInProject.apply(stage, { projects: ['payments'] }),
    ).toBe(false);
    expect(
      kargoStageRules.isInInstance.apply(stage, { instances: ['sandbox'] }),
    ).toBe(true);
    expect(
      kargoStageRules.isInInstance.apply(stage, { instances: ['prod'] }),
    ).toBe(false);
    expect(
      kargoStageRules.isStage.apply(stage, { stages: ['staging', 'uat'] }),
    ).toBe(true);
    expect(kargoStageRules.isStage.apply(stage, { stages: ['prod'] })).toBe(
      false,
    );
  });

  it('build conditions a policy can return', () => {
    expect(
      kargoStageConditions.isInProject({ projects: ['checkout'] }),
    ).toEqual({
      resourceType: 'kargo-stage',
      rule: 'IS_IN_PROJECT',
      params: { projects: ['checkout'] },
    });
  });

  it('validate their parameters and describe them as JSON Schema', async () => {
    const schema = kargoStageRules.isInProject.paramsSchema as any;
    expect(await schema['~standard'].validate({ projects: ['a'] })).toEqual({
      value: { projects: ['a'] },
    });
    expect(
      (await schema['~standard'].validate({ projects: 'a' })).issues,
    ).toHaveLength(1);
    expect(
      (await schema['~standard'].validate({ projects: [], extra: 1 })).issues,
    ).toHaveLength(1);
    expect(
      schema['~standard'].jsonSchema.input({ target: 'draft-07' }),
    ).toMatchObject({
      type: 'object',
      required: ['projects'],
    });
  });
});
