import fs from 'node:fs';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { ScmIntegrations } from '@backstage/integration';
import type {
  KargoCommandService,
  KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import yaml from 'yaml';
import {
  actionContext,
  actionOptions,
  outputsOf,
  recordingAuditor,
  startKargoTestEnv,
  type KargoTestEnv,
} from './__testUtils__/kargoTestEnv';
import {
  createKargoPromoteAction,
  createKargoPullRequestOpenAction,
  createKargoReverifyAction,
} from './actions';

const TEMPLATE = path.resolve(
  __dirname,
  '../../../examples/templates/promote-freight.yaml',
);

jest.setTimeout(60_000);

describe('the demo template "Promote freight with Kargo"', () => {
  const options = {
    kargo: {} as KargoService,
    commands: {} as KargoCommandService,
    permissions: mockServices.permissions.mock(),
    auditor: recordingAuditor(),
  };
  const actions = [
    createKargoPromoteAction(options),
    createKargoPullRequestOpenAction({
      ...options,
      integrations: ScmIntegrations.fromConfig(
        mockServices.rootConfig({ data: {} }),
      ),
    }),
    createKargoReverifyAction(options),
  ];
  const template = yaml.parse(fs.readFileSync(TEMPLATE, 'utf8'));

  it('is a v1beta3 Template that uses all three Kargo actions', () => {
    expect(template).toMatchObject({
      apiVersion: 'scaffolder.backstage.io/v1beta3',
      kind: 'Template',
      metadata: { title: 'Promote freight with Kargo' },
    });
    expect(
      template.spec.steps.map((s: { action: string }) => s.action),
    ).toEqual(['kargo:promote', 'kargo:pull-request:open', 'kargo:reverify']);
  });

  it('passes each action only inputs it declares, and every required one', () => {
    for (const step of template.spec.steps) {
      const action = actions.find(a => a.id === step.action)!;
      const schema = action.schema!.input as {
        properties: Record<string, unknown>;
        required?: string[];
      };
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining(Object.keys(step.input)),
      );
      expect(Object.keys(step.input)).toEqual(
        expect.arrayContaining(schema.required ?? []),
      );
    }
  });

  it("asks for the person's Kargo identity (the KargoIdentity field), so the task acts in Kargo as them", () => {
    const page = template.spec.parameters[0];
    expect(page.required).toContain('kargoIdentity');
    expect(page.properties.kargoIdentity).toMatchObject({
      type: 'string',
      'ui:field': 'KargoIdentity',
    });
  });

  it('links the pull request the open step returns', () => {
    expect(template.spec.output.links).toContainEqual({
      title: 'Pull request',
      url: "${{ steps['open-pr'].output.url }}",
    });
  });
});

describe('the demo template flow against the sandbox', () => {
  let env: KargoTestEnv;
  beforeAll(async () => {
    env = await startKargoTestEnv();
  });
  afterAll(() => env.stop());

  it('promotes, reclaims the pull request Kargo opened for the Promotion, and reverifies', async () => {
    const options = actionOptions(env);
    const template = yaml.parse(fs.readFileSync(TEMPLATE, 'utf8'));
    const defaults = Object.fromEntries(
      template.spec.parameters.flatMap(
        (page: { properties: Record<string, { default: unknown }> }) =>
          Object.entries(page.properties).map(([k, v]) => [k, v.default]),
      ),
    );
    const [promoteStep, prStep, reverifyStep] = template.spec.steps;

    const promote = actionContext({
      ...promoteStep.input,
      ...pick(defaults, 'project', 'stage', 'freight'),
      timeoutSeconds: 30,
    });
    await createKargoPromoteAction(options).handler(promote);
    const promoted = outputsOf(promote);

    const pr = actionContext({
      ...prStep.input,
      ...pick(defaults, 'project', 'stage'),
      promotion: promoted.promotion,
      title: `Promote ${defaults.freight} to ${defaults.stage}`,
    });
    expect(Object.keys(prStep.input).sort()).toEqual([
      'description',
      'project',
      'promotion',
      'stage',
      'title',
    ]);
    await createKargoPullRequestOpenAction(options).handler(pr);
    expect(outputsOf(pr)).toEqual({
      number: expect.any(Number),
      url: promoted.pullRequestUrl,
      reclaimed: true,
      sourceBranch: `kargo/promotion/${promoted.promotion}`,
      targetBranch: 'stage/staging',
    });

    const reverify = actionContext({
      project: defaults.project,
      stage: defaults.verifyStage,
    });
    expect(Object.keys(reverifyStep.input).sort()).toEqual([
      'project',
      'stage',
    ]);
    await createKargoReverifyAction(options).handler(reverify);
    expect(outputsOf(reverify).verificationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

function pick(source: Record<string, unknown>, ...keys: string[]) {
  return Object.fromEntries(keys.map(k => [k, source[k]]));
}
