import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KargoApiHttpClient } from './KargoApiHttpClient';
import { ID_TOKEN, PORTAL_TOKEN } from './__testUtils__/fixtures';

const PERSON = { type: 'user', idToken: ID_TOKEN } as const;

let server: Server;
let url: string;
let handle: (
  req: IncomingMessage,
  res: import('node:http').ServerResponse,
) => void;

beforeAll(async () => {
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise(resolve => server.close(resolve)));

function client() {
  return new KargoApiHttpClient({
    instance: 'local',
    api: {
      url,
      identity: 'user',
      authProvider: 'oidc',
      token: PORTAL_TOKEN,
      skipTLSVerify: false,
      authorizeReads: false,
    },
    timeoutMs: 2_000,
  });
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
  }
}

describe('KargoApiHttpClient.streamAnalysisRunLogs', () => {
  it('streams the SSE body as the person, with the metric and container asked for', async () => {
    const seen: { url?: string; authorization?: string }[] = [];
    handle = (req, res) => {
      seen.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"chunk":"line 1\\n"}\n\n');
      setTimeout(() => res.end('data: {"chunk":"line 2\\n"}\n\n'), 50);
    };
    const stream = await client().streamAnalysisRunLogs(
      'checkout',
      'prod.01jbx.abc',
      { metricName: 'smoke-test', containerName: 'main' },
      PERSON,
    );
    expect(await readAll(stream)).toBe(
      'data: {"chunk":"line 1\\n"}\n\ndata: {"chunk":"line 2\\n"}\n\n',
    );
    expect(seen).toEqual([
      {
        url: '/api/v1beta1/projects/checkout/analysis-runs/prod.01jbx.abc/logs?metricName=smoke-test&containerName=main',
        authorization: `Bearer ${ID_TOKEN}`,
      },
    ]);
  });

  it('keeps streaming past the call timeout, and stops when the caller aborts', async () => {
    let closed = false;
    handle = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"chunk":"first\\n"}\n\n');
      const beat = setInterval(() => res.write(': keep-alive\n\n'), 100);
      req.on('close', () => {
        closed = true;
        clearInterval(beat);
      });
    };
    const abort = new AbortController();
    const fast = new KargoApiHttpClient({
      instance: 'local',
      api: {
        url,
        identity: 'user',
        skipTLSVerify: false,
        authorizeReads: false,
      },
      timeoutMs: 200,
    });
    const stream = await fast.streamAnalysisRunLogs(
      'checkout',
      'run',
      {},
      PERSON,
      abort.signal,
    );
    const reader = stream.getReader();
    const started = Date.now();
    while (Date.now() - started < 500) {
      const { done } = await reader.read();
      expect(done).toBe(false);
    }
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(closed).toBe(true);
  });

  it.each([
    [404, 'analysis run "gone" not found', 'kargoNotFound'],
    [400, 'no job metrics found', 'kargoRejected'],
  ])(
    "answers Kargo's %s before the stream as the other calls do, without the token",
    async (status, message, code) => {
      handle = (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: message }));
      };
      const error = await client()
        .streamAnalysisRunLogs('checkout', 'gone', {}, PERSON)
        .catch(e => e);
      expect(error.message).toContain(message);
      expect(JSON.stringify({ ...error, message: error.message })).toContain(
        code,
      );
      expect(JSON.stringify(error) + error.message).not.toContain(ID_TOKEN);
    },
  );

  it('refuses a redirect instead of following it with the token', async () => {
    handle = (_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example.com/logs' });
      res.end();
    };
    await expect(
      client().streamAnalysisRunLogs('checkout', 'run', {}, PERSON),
    ).rejects.toThrow();
  });

  it('refuses names that are not Kubernetes names before any request', async () => {
    let calls = 0;
    handle = (_req, res) => {
      calls++;
      res.end();
    };
    await expect(
      client().streamAnalysisRunLogs('checkout', '../x', {}, PERSON),
    ).rejects.toThrow();
    await expect(
      client().streamAnalysisRunLogs(
        'checkout',
        'run',
        { containerName: 'a b' },
        PERSON,
      ),
    ).rejects.toThrow();
    expect(calls).toBe(0);
  });
});
