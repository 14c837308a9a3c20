import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import { hostileCases, type HostileCase } from './__testUtils__/hostileCases';
import { rawRequest, type RawResponse } from './__testUtils__/rawHttp';

// What a stack trace or an internal path in a response would look like.
const LEAKS = [/\n\s+at\s/, /node_modules/, /\/work\//, /\.ts:\d+/, /"stack"/];

// Backend start-up on a shared, loaded machine can take several seconds.
jest.setTimeout(45_000);

describe('hostile input', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const cases = hostileCases();

  beforeAll(async () => {
    sandbox = await startSecretSandbox();
    backend = await startReliabilityBackend({ sandbox });
    // One good refresh first: afterwards no valid read needs the cluster.
    await backend.refresh();
    sandbox.faults.resetCounts();
    sandbox.git.resetRequestCounts();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  const send = (c: HostileCase): Promise<RawResponse> =>
    rawRequest(backend.server.port(), {
      method: c.method,
      path: c.path,
      body: c.body,
      headers: {
        authorization: userHeader(),
        ...(c.contentType ? { 'content-type': c.contentType } : {}),
      },
    });

  it('has a table of more than 200 cases', () => {
    expect(cases.length).toBeGreaterThan(200);
    expect(new Set(cases.map(c => c.name)).size).toBe(cases.length);
  });

  it('answers every case with a 4xx and a clear JSON message, without reaching the cluster or Git', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const res = await send(c);
      const message: unknown = res.json?.error?.message;
      const problems = [
        res.status >= 400 && res.status < 500 ? '' : `status ${res.status}`,
        /application\/json/.test(String(res.headers['content-type']))
          ? ''
          : 'not JSON',
        typeof message === 'string' && message.length > 5 ? '' : 'no message',
        ...LEAKS.filter(re => re.test(res.text)).map(re => `leaks ${re}`),
      ].filter(Boolean);
      if (problems.length)
        failures.push(
          `${c.name} (${c.method} ${c.path.slice(0, 80)}): ${problems.join(
            ', ',
          )}`,
        );
    }
    expect(failures).toEqual([]);
    // Counted at the sandbox's server: nothing of the table got through.
    expect(sandbox.faults.counts().total).toBe(0);
    expect(sandbox.git.requestCounts()).toEqual({});
  });

  it('names what is wrong in the message', async () => {
    const stage = await send({
      name: 'x',
      method: 'GET',
      path: '/api/kargo/projects/checkout/stages/Staging',
    });
    expect(stage.status).toBe(400);
    expect(stage.json.error.message).toMatch(
      /path parameter 'stage'.*Kubernetes object name/,
    );
    const instance = await send({
      name: 'x',
      method: 'GET',
      path: '/api/kargo/projects/checkout/stages?instance=nope',
    });
    expect(instance.status).toBe(400);
    expect(instance.json.error.message).toMatch(
      /Unknown Kargo instance 'nope'/,
    );
    const body = await send({
      name: 'x',
      method: 'POST',
      path: '/api/kargo/projects/checkout/stages/staging/reverify',
      body: '{"actor":"user:default/mallory"}',
      contentType: 'application/json',
    });
    expect(body.status).toBe(400);
    expect(body.json.error.message).toMatch(/request body.*'actor'/);
    const huge = await send({
      name: 'x',
      method: 'POST',
      path: '/api/kargo/projects/checkout/stages/staging/reverify',
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
      contentType: 'application/json',
    });
    expect(huge.status).toBe(413);
    expect(huge.json.error.message).toMatch(/too large/i);
    expect(sandbox.faults.counts().total).toBe(0);
  });

  it('refuses unroutable paths (segments added by a decoded slash) with 404 and no cluster request', async () => {
    for (const path of [
      '/api/kargo/projects/checkout/stages/staging/../../../../snapshot/x',
      '/api/kargo/projects//stages',
      '/api/kargo/projects/checkout/stages/staging/status',
      '/api/kargo/projects/checkout/secrets',
    ]) {
      const res = await send({ name: path, method: 'GET', path });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect(sandbox.faults.counts().total).toBe(0);
  });
});
