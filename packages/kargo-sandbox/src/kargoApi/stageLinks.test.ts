import { DEMO_TOKENS } from '../kube/auth';
import { Sandbox, startSandbox } from '../sandbox';
import { KargoContract, loadKargoContract } from './__testUtils__/contract';
import { signIn } from './__testUtils__/oidcLogin';

jest.setTimeout(60_000);

describe("the sandbox's GET /v1beta1/projects/{project}/stages/{stage}/links", () => {
  let sandbox: Sandbox;
  let contract: KargoContract;
  let bob: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ tokens: DEMO_TOKENS, stepDelayMs: 60_000 });
    contract = await loadKargoContract();
    bob = (await signIn(sandbox.oidcIssuer, 'bob@example.com', 'bob')).id_token;
  });
  afterAll(() => sandbox?.stop());

  const links = (project: string, stage: string, token?: string) =>
    contract.call(sandbox.kargoApiUrl, 'GET', `/v1beta1/projects/${project}/stages/${stage}/links`, { token });

  it('resolves the ClusterConfig and ProjectConfig links of a Stage for a viewer', async () => {
    expect(await links('checkout', 'prod', bob)).toEqual({
      status: 200,
      body: {
        links: [
          { title: 'Runbook', url: 'https://runbooks.demo.example/kargo/checkout/prod' },
          {
            title: 'Argo CD Application',
            url: 'https://argocd.demo.example/applications/argocd/checkout-prod',
            description: 'The Application this Stage updates',
          },
          { title: 'Dashboard', url: 'https://grafana.demo.example/d/checkout?var-stage=prod' },
        ],
      },
    });
    const staging = await links('checkout', 'staging', bob);
    expect((staging.body as any).links.map((l: any) => l.title)).toEqual(['Runbook', 'Argo CD Application']);
  });

  it('answers 404 for a missing Stage and 401 without a token, as Kargo does', async () => {
    expect(await links('checkout', 'nope', bob)).toEqual({
      status: 404,
      body: { error: 'Stage "nope" not found in project "checkout"' },
    });
    expect((await links('checkout', 'prod')).status).toBe(401);
  });
});
