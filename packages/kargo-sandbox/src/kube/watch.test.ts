import { startSandbox, Sandbox } from '../sandbox';
import { ADMIN, call, STAGE_YAML } from '../__testUtils__/http';
import { minimalStage } from '../__testUtils__/objects';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const STAGES = '/apis/kargo.akuity.io/v1alpha1/namespaces/shop/stages';

/** Reads watch events (JSON lines) until `count` arrived. */
async function readEvents(res: Response, count: number): Promise<any[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: any[] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      events.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  }
  await reader.cancel();
  return events;
}

describe('watch', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({
      fixtures: false,
      tokens: { [ADMIN]: '*' },
      controller: false,
      // Kubernetes semantics alone: Kargo's webhooks are tested in kargoApi/.
      admissionWebhooks: false,
    });
    sandbox.load(STAGE_YAML);
  });
  afterEach(() => sandbox.stop());

  const watch = (query: string) =>
    fetch(`${sandbox.url}${STAGES}?watch=true&${query}`, {
      headers: { authorization: `Bearer ${ADMIN}` },
    });

  it('streams MODIFIED after a patch, from the list resourceVersion', async () => {
    const list = await call(sandbox, 'GET', STAGES, { token: ADMIN });
    const res = await watch(
      `resourceVersion=${list.body.metadata.resourceVersion}&fieldSelector=metadata.name%3Ddev`,
    );
    expect(res.status).toBe(200);
    await call(sandbox, 'PATCH', `${STAGES}/qa`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { a: 'b' } } },
    });
    await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations: { 'kargo.akuity.io/reverify': 'x' } } },
    });
    const [event] = await readEvents(res, 1);
    expect(event.type).toBe('MODIFIED');
    expect(event.object.metadata.name).toBe('dev');
    expect(event.object.metadata.annotations['kargo.akuity.io/reverify']).toBe(
      'x',
    );
  });

  it('starts with ADDED events when no resourceVersion is given', async () => {
    const events = await readEvents(await watch('labelSelector=tier'), 2);
    expect(events.map(e => `${e.type} ${e.object.metadata.name}`)).toEqual([
      'ADDED dev',
      'ADDED qa',
    ]);
  });

  it('sends DELETED when an object leaves the selection', async () => {
    const list = await call(sandbox, 'GET', STAGES, { token: ADMIN });
    const res = await watch(
      `resourceVersion=${list.body.metadata.resourceVersion}&labelSelector=tier%3Dweb`,
    );
    await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: ADMIN,
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { tier: 'db' } } },
    });
    const [event] = await readEvents(res, 1);
    expect(`${event.type} ${event.object.metadata.name}`).toBe('DELETED dev');
  });

  it('answers a too old resourceVersion with a 410 Expired Status event', async () => {
    const events = await readEvents(await watch('resourceVersion=1'), 1);
    expect(events[0].type).toBe('ERROR');
    expect(events[0].object).toMatchObject({
      kind: 'Status',
      code: 410,
      reason: 'Expired',
    });
  });

  it('answers a resourceVersion from before a bulk load with 410 Expired, and a relist sees everything', async () => {
    const before = await call(sandbox, 'GET', STAGES, { token: ADMIN });
    sandbox.bulkLoad(
      ['uat', 'staging'].map(name => minimalStage(name)),
    );
    const [event] = await readEvents(
      await watch(`resourceVersion=${before.body.metadata.resourceVersion}`),
      1,
    );
    expect(event.type).toBe('ERROR');
    expect(event.object).toMatchObject({ code: 410, reason: 'Expired' });

    const relist = await call(sandbox, 'GET', STAGES, { token: ADMIN });
    expect(relist.body.items.map((o: any) => o.metadata.name)).toEqual([
      'dev',
      'prod',
      'qa',
      'staging',
      'uat',
    ]);
    // A watch from the relist's resourceVersion follows later writes.
    const res = await watch(
      `resourceVersion=${relist.body.metadata.resourceVersion}`,
    );
    await call(sandbox, 'DELETE', `${STAGES}/uat`, { token: ADMIN });
    const [deleted] = await readEvents(res, 1);
    expect(`${deleted.type} ${deleted.object.metadata.name}`).toBe('DELETED uat');
  });

  it('sends bookmarks with the newest resourceVersion when allowed', async () => {
    await sandbox.stop();
    sandbox = await startSandbox({
      fixtures: false,
      tokens: { [ADMIN]: '*' },
      controller: false,
      // Kubernetes semantics alone: Kargo's webhooks are tested in kargoApi/.
      admissionWebhooks: false,
      bookmarkIntervalMs: 20,
    });
    sandbox.load(STAGE_YAML);
    const list = await call(sandbox, 'GET', STAGES, { token: ADMIN });
    const rv = list.body.metadata.resourceVersion;
    const [event] = await readEvents(
      await watch(`resourceVersion=${rv}&allowWatchBookmarks=true`),
      1,
    );
    expect(event).toEqual({
      type: 'BOOKMARK',
      object: {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Stage',
        metadata: { resourceVersion: rv },
      },
    });
  });

  it('ends the stream after timeoutSeconds', async () => {
    const res = await watch('resourceVersion=0&timeoutSeconds=1');
    // Three ADDED events, then the server closes the stream.
    expect(await readEvents(res, 4)).toHaveLength(3);
  });

  it('cutWatches drops every open stream', async () => {
    const res = await watch('resourceVersion=0');
    const reader = res.body!.getReader();
    await reader.read();
    expect(sandbox.cutWatches()).toBe(1);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
    ).rejects.toThrow();
  });
});
