import { mockCredentials } from '@backstage/backend-test-utils';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  startReliabilityBackend,
  startSecretSandbox,
  USER,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import { getKargo } from './__testUtils__/callers';

// Issue 35, attack 5: objects a project member writes (a Stage's step
// configs, a Promotion's step outputs), as hostile as the API server stores
// them, go through the real watch (compaction, interning), the snapshot, the
// REST routes and MCP: the project's other Stages and the other projects are
// served as before, and nothing of them is linked or attributed.
jest.setTimeout(90_000);

const VICTIM = 'https://github.com/acme/private-payroll';
// Built, so the linter's no-script-url does not take the test data for code.
const SCRIPT = ['java', 'script:'].join('');

function deep(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 'x' };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('hostile objects through the watch, the routes and MCP', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  let honest: string;

  const get = (path: string) => getKargo(backend, path);

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    const stages = sandbox.registry.find(
      'kargo.akuity.io',
      'v1alpha1',
      'stages',
    )!;
    const model = sandbox.store.list(stages, 'checkout')[0] as any;
    honest = model.metadata.name;
    const wide: Record<string, string> = {};
    for (let i = 0; i < 20_000; i++) wide[`k${i}`] = `v${i % 7}`;
    const hostile = JSON.parse(JSON.stringify(model));
    hostile.metadata = {
      name: 'hostile',
      namespace: 'checkout',
      labels: JSON.parse('{"__proto__":"x","constructor":"y"}'),
    };
    hostile.spec.promotionTemplate = {
      spec: {
        steps: [
          { uses: 'compose-output', as: 'fake', config: deep(3_000) },
          { uses: 'compose-output', as: 'wide', config: wide },
          {
            uses: 'git-open-pr',
            as: 'open-pr',
            config: { repoURL: '${{ outputs.clone.repo }}' },
          },
        ],
      },
    };
    delete hostile.status;
    const steps = hostile.spec.promotionTemplate.spec.steps;
    sandbox.load([
      hostile,
      {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Promotion',
        metadata: {
          name: 'hostile.01jc8m3x000027000000000000.abc1234',
          namespace: 'checkout',
          creationTimestamp: '2026-12-01T10:00:00Z',
        },
        spec: { stage: 'hostile', freight: 'abc1234', steps },
        status: {
          phase: 'Succeeded',
          state: {
            ...JSON.parse(
              `{"__proto__": {"pr": {"id": 9, "url": "${VICTIM}/pull/9"}}}`,
            ),
            fake: {
              ...deep(3_000),
              pr: { id: 7, url: `${VICTIM}/pull/7` },
              links: [
                { url: `${SCRIPT}alert(1)` },
                { url: 'https://ok.example' },
              ],
            },
            wide,
          },
        },
      },
    ]);
    backend = await startReliabilityBackend({ sandbox });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('lists the hostile Stage beside the others, every project still read', async () => {
    const checkout = await get('/projects/checkout/stages');
    expect(checkout.status).toBe(200);
    const names = checkout.body.items.map((s: any) => s.name);
    expect(names).toEqual(expect.arrayContaining(['hostile', honest]));
    const payments = await get('/projects/payments/stages');
    expect(payments.status).toBe(200);
    expect(payments.body.items.length).toBeGreaterThan(0);
  });

  it('attributes and links nothing of another repository from its step outputs', async () => {
    const res = await get('/projects/checkout/stages/hostile');
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(SCRIPT);
    expect(res.body.pullRequests).toEqual([]);
    expect(res.body.promotions[0].pullRequest).toBeNull();
    expect(res.body.promotions[0].steps.map((s: any) => s.alias)).toEqual([
      'fake',
      'wide',
      'open-pr',
    ]);
    expect(res.body.promotions[0].steps[0].links).toEqual([
      { url: 'https://ok.example', label: null },
    ]);
  });

  it('answers MCP get-stage for it', async () => {
    const output: any = await backend.invoke(
      'get-stage',
      { project: 'checkout', stage: 'hostile' },
      mockCredentials.user(USER),
    );
    expect(output.stage).toBe('hostile');
    expect(JSON.stringify(output)).not.toContain('private-payroll');
  });
});
