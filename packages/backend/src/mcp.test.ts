/*
 * An AI assistant's view of Kargo: a real MCP client (Streamable HTTP) talks
 * to @backstage/plugin-mcp-actions-backend, which serves the kargo plugin's
 * actions. See docs/ai.md.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  DEMO_TOKENS,
  stageWriteState,
  startSandbox,
  writesReceived,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import type { AssistantStageView } from '@kargo-backstage/plugin-kargo-common';
import {
  guestUserToken,
  startMcpBackend,
  STATIC_TOKEN,
} from './__testUtils__/mcpBackend';

// Several plugins start on a shared, loaded machine.
jest.setTimeout(90_000);

type Backend = Awaited<ReturnType<typeof startMcpBackend>>;

async function connect(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'kargo-mcp-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(`${baseUrl}/api/mcp-actions/v1`),
      {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      },
    ),
  );
  return client;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
) {
  const result = await client.callTool({ name, arguments: args });
  const text =
    (result.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
  return {
    isError: !!result.isError,
    text,
    output: result.structuredContent as any,
  };
}

async function getStage(
  client: Client,
  project: string,
  stage: string,
): Promise<AssistantStageView> {
  const { isError, text, output } = await call(client, 'kargo.get-stage', {
    project,
    stage,
  });
  if (isError) throw new Error(text);
  return output;
}

async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
): Promise<T> {
  for (let i = 0; i < 120; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise(r => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('Kargo MCP tools', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  let assistant: Client;
  let user: Client;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      stepDelayMs: 20,
    });
    backend = await startMcpBackend(sandbox);
    assistant = await connect(backend.baseUrl, STATIC_TOKEN);
    user = await connect(
      backend.baseUrl,
      await guestUserToken(backend.baseUrl),
    );
    // The first snapshot is ready once the stale Stage can be read.
    await eventually(
      () => getStage(assistant, 'checkout', 'staging').catch(() => undefined),
      'the first refresh',
    );
  });
  afterAll(async () => {
    await assistant?.close();
    await user?.close();
    await backend?.stop();
    await sandbox?.stop();
  });

  it('lists the nine Kargo tools with their read-only and destructive hints', async () => {
    const { tools } = await assistant.listTools();
    const kargo = tools.filter(t => t.name.startsWith('kargo.'));
    expect(
      Object.fromEntries(
        kargo.map(t => [
          t.name,
          [t.annotations?.readOnlyHint, t.annotations?.destructiveHint],
        ]),
      ),
    ).toEqual({
      'kargo.get-stage': [true, false],
      'kargo.list-stages': [true, false],
      'kargo.reverify-stage': [false, true],
      'kargo.abort-verification': [false, true],
      'kargo.promote-stage': [false, true],
      'kargo.approve-freight': [false, true],
      'kargo.close-pull-request': [false, true],
      'kargo.refresh-stage': [false, false],
      'kargo.refresh-warehouses': [false, false],
    });
    const getStageTool = kargo.find(t => t.name === 'kargo.get-stage')!;
    expect(getStageTool.inputSchema.required).toEqual(['project', 'stage']);
  });

  it('tells the Promotions of a Stage with the step that failed and its message', async () => {
    // payments/prod's demo Promotion failed at a step (e2e pipeline.test.ts).
    const view = await getStage(assistant, 'payments', 'prod');
    const failed = view.promotions.find((p: any) => p.failedStep);
    expect(failed).toMatchObject({
      phase: expect.stringMatching(/^(Failed|Errored)$/),
      failedStep: expect.stringMatching(/^\S+.*: .+/),
    });
  });

  it("tells why the stale Stage's recorded verifications failed", async () => {
    const view = await getStage(assistant, 'checkout', 'staging');
    const stale = view.verifications.filter(v => v.stale);
    expect(stale.length).toBeGreaterThan(0);
    for (const v of stale) {
      expect(v.phase).toBe('Failed');
      expect(v.recordedPhase).toMatch(/Running|Pending/);
      expect(v.failures).toEqual([
        expect.stringMatching(/^\S+ Failed: Metric ".+" assessed Failed/),
      ]);
    }
    expect(view.summary).toMatch(
      /older record\(s\) in Kargo's status disagree/,
    );
    // A static token is a service, which writes only where
    // kargo.access.services[].write names it (the write pipeline's rule).
    expect(view.actions.reverify).toEqual({
      allowed: false,
      reason: expect.stringContaining(
        "The service 'plugin:mcp-actions' may not write to Kargo",
      ),
    });
  });

  it('lists the Stages whose current verification failed, and those with orphaned PRs', async () => {
    const failed = await call(assistant, 'kargo.list-stages', {
      verificationPhase: 'Failed',
    });
    expect(
      failed.output.stages.map((s: any) => `${s.project}/${s.stage}`),
    ).toContain('payments/qa');
    expect(
      failed.output.stages.every((s: any) => s.verificationPhase === 'Failed'),
    ).toBe(true);
    const orphaned = await call(assistant, 'kargo.list-stages', {
      hasOrphanedPullRequests: true,
    });
    // checkout/prod's PR #41 lost its Promotion; payments/prod's MR !7 has none running.
    expect(
      orphaned.output.stages.map((s: any) => `${s.project}/${s.stage}`).sort(),
    ).toEqual(['checkout/prod', 'payments/prod']);
    const bad = await call(assistant, 'kargo.list-stages', {
      instance: 'nowhere',
    });
    expect(bad).toMatchObject({
      isError: true,
      text: expect.stringContaining("Unknown Kargo instance 'nowhere'"),
    });
  });

  it('reverifies for a permitted user, and the new run shows in get-stage', async () => {
    const before = await getStage(user, 'checkout', 'staging');
    expect(before.actions.reverify).toEqual({ allowed: true, reason: null });
    const runsBefore = stageWriteState(
      sandbox,
      'checkout',
      'staging',
    ).analysisRuns;

    const result = await call(user, 'kargo.reverify-stage', {
      project: 'checkout',
      stage: 'staging',
    });
    expect(result.isError).toBe(false);
    expect(result.output.verificationId).toEqual(expect.any(String));

    const after = await eventually(async () => {
      const view = await getStage(user, 'checkout', 'staging');
      const newest = view.verifications[0];
      return newest.analysisRun && !runsBefore.includes(newest.analysisRun)
        ? view
        : undefined;
    }, 'the new AnalysisRun in get-stage');
    expect(after.verifications[0]).toMatchObject({
      current: true,
      // The Kubernetes fallback: Kargo's webhook records the account that
      // wrote, not the person (docs/api.md).
      actor: 'kubernetes:system:serviceaccount:backstage:kargo-admin',
    });
  });

  it('refuses a user whose permission is denied on the Stage, and writes nothing', async () => {
    const before = stageWriteState(sandbox, 'payments', 'qa');
    sandbox.faults.resetCounts();
    const view = await getStage(user, 'payments', 'qa');
    expect(view.actions.reverify).toEqual({
      allowed: false,
      reason: 'Permission kargo.stage.reverify is denied to you',
    });

    const result = await call(user, 'kargo.reverify-stage', {
      project: 'payments',
      stage: 'qa',
    });
    expect(result).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^NotAllowedError: .*kargo\.stage\.reverify/),
    });
    expect(writesReceived(sandbox)).toEqual([]);
    expect(stageWriteState(sandbox, 'payments', 'qa')).toEqual(before);
  });

  it('answers a Stage the caller may not read exactly like a Stage that does not exist', async () => {
    const denied = await call(user, 'kargo.get-stage', {
      project: 'payments',
      stage: 'perf',
    });
    const missing = await call(user, 'kargo.get-stage', {
      project: 'payments',
      stage: 'nope',
    });
    expect(denied.isError).toBe(true);
    expect(missing.isError).toBe(true);
    expect(denied.text).toMatch(/^NotFoundError/);
    expect(denied.text.replace("'perf'", "'nope'")).toEqual(missing.text);
  });

  it('refuses writes from a static token (a service not granted write in kargo.access.services)', async () => {
    sandbox.faults.resetCounts();
    const result = await call(assistant, 'kargo.reverify-stage', {
      project: 'checkout',
      stage: 'dev',
    });
    expect(result).toMatchObject({
      isError: true,
      text: expect.stringContaining('may not write to Kargo'),
    });
    expect(writesReceived(sandbox)).toEqual([]);
  });

  it('promotes Freight that get-stage offers the Stage, saying what it changes, and refuses Freight Kargo does not offer, writing nothing', async () => {
    const prod = await getStage(user, 'checkout', 'prod');
    const refused = prod.freightOptions.find(o => !o.available && !o.current);
    expect(refused).toBeDefined();
    sandbox.faults.resetCounts();
    const no = await call(user, 'kargo.promote-stage', {
      project: 'checkout',
      stage: 'prod',
      freight: refused!.freight,
    });
    expect(no.isError).toBe(true);
    expect(no.text).toContain(refused!.freight);
    expect(writesReceived(sandbox)).toEqual([]);

    const dev = await getStage(user, 'checkout', 'dev');
    const offered = dev.freightOptions.find(o => o.available && !o.current)!;
    expect(offered.changes).toContainEqual(
      expect.stringMatching(/^ghcr\.io\/acme\/checkout: v[\d.]+ -> v[\d.]+$/),
    );
    const yes = await call(user, 'kargo.promote-stage', {
      project: 'checkout',
      stage: 'dev',
      freight: offered.freight,
    });
    expect(yes.isError).toBe(false);
    expect(yes.output).toMatchObject({
      promotion: expect.stringMatching(/^dev\./),
      message: expect.stringContaining(`into Stage dev`),
    });
    const promoted = await eventually(async () => {
      const view = await getStage(user, 'checkout', 'dev');
      return view.promotions.find(p => p.name === yes.output.promotion);
    }, 'the new Promotion in get-stage');
    expect(promoted).toBeDefined();
  });

  it('answers promote-stage on a Stage the caller may not read like a missing Stage, and writes nothing', async () => {
    sandbox.faults.resetCounts();
    const denied = await call(user, 'kargo.promote-stage', {
      project: 'payments',
      stage: 'perf',
      freight: 'anything',
    });
    const missing = await call(user, 'kargo.promote-stage', {
      project: 'payments',
      stage: 'nope',
      freight: 'anything',
    });
    expect(denied.isError).toBe(true);
    expect(denied.text).toMatch(/^NotFoundError/);
    expect(denied.text.replace("'perf'", "'nope'")).toEqual(missing.text);
    expect(writesReceived(sandbox)).toEqual([]);
  });
});
