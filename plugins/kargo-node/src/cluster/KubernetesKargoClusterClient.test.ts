import http from 'node:http';
import { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '@kargo-backstage/kargo-sandbox';
import { parseClusterJson } from './clusterJson';
import { createKubeConfig } from './kubeConfig';
import { KubernetesKargoClusterClient } from './KubernetesKargoClusterClient';
import { MIN_PAGE_ITEMS, pageLimit } from './pageLimits';

// Real servers (the sandbox) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

const TOKEN = 'secret-token-do-not-leak';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `raw`, when given, is sent as the body as it is (e.g. text that is not JSON). */
type Handler = (req: Seen) => { status: number; body: unknown; raw?: string };

async function startServer(handler: Handler) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', c => (body += c));
    req.on('end', () => {
      const entry = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body,
      };
      seen.push(entry);
      const out = handler(entry);
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(out.raw ?? JSON.stringify(out.body));
    });
  });
  const connections = { count: 0, closed: 0 };
  server.on('connection', socket => {
    connections.count += 1;
    socket.on('close', () => (connections.closed += 1));
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    connections,
    /** Closes the connections no request is on, as a server's idle timeout does. */
    closeIdle: () => server.closeIdleConnections(),
    stop: () =>
      new Promise(r => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

function clientFor(url: string, pageSize?: number) {
  return new KubernetesKargoClusterClient({
    instance: { name: 'prod-eu', kargoUrl: null },
    kubeConfig: createKubeConfig({
      name: 'prod-eu',
      url,
      authProvider: 'serviceAccount',
      serviceAccountToken: TOKEN,
      skipTLSVerify: false,
      kargoUrl: null,
    }),
    pageSize,
  });
}

async function until(probe: () => boolean) {
  for (let i = 0; i < 200 && !probe(); i++) {
    await new Promise(r => setTimeout(r, 10));
  }
  expect(probe()).toBe(true);
}

function status(code: number, message: string) {
  return { status: code, body: { kind: 'Status', code, message } };
}

describe('KubernetesKargoClusterClient', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('follows continue tokens until every page is read, counting each request', async () => {
    server = await startServer(req => {
      const cont = new URL(req.url, 'http://x').searchParams.get('continue');
      const page = cont ? Number(cont) : 0;
      return {
        status: 200,
        body: {
          items: [{ metadata: { name: `s${page}` } }],
          metadata: page < 2 ? { continue: String(page + 1) } : {},
        },
      };
    });
    const client = clientFor(server.url, 1);
    const stages = await client.listStages('checkout');
    expect(stages.map(s => s.metadata?.name)).toEqual(['s0', 's1', 's2']);
    expect(client.requestCount).toBe(3);
    expect(server.seen[0].url).toBe(
      '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages?limit=1',
    );
    expect(server.seen[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('reads every page of a LIST, and the next LIST, on one kept-alive connection', async () => {
    server = await startServer(req => {
      const cont = new URL(req.url, 'http://x').searchParams.get('continue');
      const page = Number(cont ?? 0);
      return {
        status: 200,
        body: {
          items: [{ metadata: { name: `s${page}` } }],
          metadata: page < 4 ? { continue: String(page + 1) } : {},
        },
      };
    });
    const client = clientFor(server.url, 1);
    expect(await client.listStages('checkout')).toHaveLength(5);
    expect(await client.listPromotions('checkout')).toHaveLength(5);
    expect(await client.getStage('checkout', 'prod')).toBeDefined();
    expect(client.requestCount).toBe(11);
    expect(server.connections.count).toBe(1);
  });

  it('still answers after the cluster closed the idle kept-alive connection', async () => {
    server = await startServer(() => ({ status: 200, body: { items: [] } }));
    const client = clientFor(server.url);
    await client.listStages('checkout');
    await client.listPromotions('checkout');
    expect(server.connections.count).toBe(1);

    server.closeIdle();
    await until(() => server!.connections.closed === 1);
    // Past the client's own notice of the close (the pool drops the socket).
    await new Promise(r => setTimeout(r, 50));
    expect(await client.listStages('checkout')).toEqual([]);
    expect(await client.listFreight('checkout')).toEqual([]);
    expect(server.connections.count).toBe(2);
  });

  it('lists AnalysisRuns with a label selector and projects cluster-wide', async () => {
    server = await startServer(req =>
      req.url.startsWith('/apis/kargo.akuity.io/v1alpha1/projects')
        ? {
            status: 200,
            body: {
              items: [{ metadata: { name: 'b' } }, { metadata: { name: 'a' } }],
            },
          }
        : { status: 200, body: { items: [] } },
    );
    const client = clientFor(server.url);
    expect(await client.listProjects()).toEqual(['a', 'b']);
    await client.listAnalysisRuns('checkout', 'kargo.akuity.io/stage=staging');
    const url = new URL(server.seen[1].url, 'http://x');
    expect(url.pathname).toBe(
      '/apis/argoproj.io/v1alpha1/namespaces/checkout/analysisruns',
    );
    expect(url.searchParams.get('labelSelector')).toBe(
      'kargo.akuity.io/stage=staging',
    );
    expect(url.searchParams.get('limit')).toBe('500');
  });

  it('merge-patches annotations with the resourceVersion as a precondition', async () => {
    server = await startServer(() => ({
      status: 200,
      body: { metadata: { name: 'staging' } },
    }));
    const client = clientFor(server.url);
    await client.patchStageAnnotations(
      'checkout',
      'staging',
      { 'kargo.akuity.io/reverify': '{"id":"x"}' },
      { resourceVersion: '42' },
    );
    const req = server.seen[0];
    expect(req.method).toBe('PATCH');
    expect(req.headers['content-type']).toBe('application/merge-patch+json');
    expect(JSON.parse(req.body)).toEqual({
      metadata: {
        annotations: { 'kargo.akuity.io/reverify': '{"id":"x"}' },
        resourceVersion: '42',
      },
    });
  });

  it.each([
    [404, 'NotFoundError'],
    [409, 'ConflictError'],
    [422, 'InputError'],
    [401, 'ServiceUnavailableError'],
    [403, 'ServiceUnavailableError'],
    [500, 'ServiceUnavailableError'],
    [503, 'ServiceUnavailableError'],
  ])(
    'translates a %s from the cluster into %s naming the instance',
    async (code, name) => {
      server = await startServer(() => status(code, `upstream says ${code}`));
      const client = clientFor(server.url);
      const error = await client.getStage('checkout', 'staging').catch(e => e);
      expect(error.name).toBe(name);
      expect(error.message).toContain("instance 'prod-eu'");
      expect(error.message).not.toContain(TOKEN);
      expect(JSON.stringify(error)).not.toContain(TOKEN);
    },
  );

  it('hints at RBAC when the service account may not list', async () => {
    server = await startServer(() => status(403, 'stages is forbidden'));
    const error = await clientFor(server.url)
      .listStages('payments')
      .catch(e => e);
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain(
      "the service account of instance 'prod-eu' may not list stages in 'payments'",
    );
  });

  it('keeps the Kubernetes Status message of a conflict', async () => {
    server = await startServer(() =>
      status(
        409,
        'the object has been modified; please apply your changes to the latest version',
      ),
    );
    const error = await clientFor(server.url)
      .patchStageAnnotations(
        'checkout',
        'staging',
        { a: 'b' },
        { resourceVersion: '1' },
      )
      .catch(e => e);
    expect(error.name).toBe('ConflictError');
    expect(error.message).toContain('the object has been modified');
  });

  it("fails a LIST whose page is not JSON as the cluster's fault, naming the LIST", async () => {
    server = await startServer(() => ({
      status: 200,
      body: null,
      raw: '{"items": [{"metadata": {"name": "s0"}}',
    }));
    const error = await clientFor(server.url)
      .listStages('checkout')
      .catch(e => e);
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain(
      "Kargo instance 'prod-eu': list stages in 'checkout' failed",
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it("parses LIST pages in the cluster objects' own JSON context, every page", async () => {
    server = await startServer(req => {
      const cont = new URL(req.url, 'http://x').searchParams.get('continue');
      return {
        status: 200,
        body: {
          items: [{ metadata: { name: cont ? 's1' : 's0' } }],
          metadata: cont ? {} : { continue: '1' },
        },
      };
    });
    const stages = await clientFor(server.url, 1).listStages('c');
    expect(stages.map(s => s.metadata?.name)).toEqual(['s0', 's1']);
    const contextOf = parseClusterJson<object>('{}');
    for (const stage of stages) {
      expect(Object.getPrototypeOf(stage)).toBe(
        Object.getPrototypeOf(contextOf),
      );
    }
  });

  it('answers ServiceUnavailableError when the cluster cannot be reached', async () => {
    const closed = await startServer(() => status(200, ''));
    const url = closed.url;
    await closed.stop();
    const error = await clientFor(url)
      .listProjects()
      .catch(e => e);
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain(
      "Kargo instance 'prod-eu': cannot reach the cluster (ECONNREFUSED)",
    );
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('KubernetesKargoClusterClient LIST pages against the sandbox', () => {
  /** Stages of about 5 KB each (1.5 MB in all) and small Freight. */
  const COUNT = 300;
  /** V8 keeps an object this large or larger in its large-object space. */
  const LARGE_OBJECT = 128 * 1024;
  let sandbox: Sandbox;
  /** Every LIST page the sandbox answered: its kind, limit and body size. */
  const pages: Array<{ kind: string; limit: number; bytes: number }> = [];

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      fixtures: false,
      controller: false,
      onRequest: (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.searchParams.has('watch') || !url.searchParams.has('limit'))
          return;
        // The sandbox answers a LIST with one end(body).
        const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
        res.end = ((...args: unknown[]) => {
          pages.push({
            kind: url.pathname.split('/').pop()!,
            limit: Number(url.searchParams.get('limit')),
            bytes: Buffer.byteLength(String(args[0] ?? '')),
          });
          return end(...args);
        }) as typeof res.end;
      },
    });
    const kargo = (plural: string) =>
      sandbox.registry.find('kargo.akuity.io', 'v1alpha1', plural)!;
    sandbox.store.create(kargo('projects'), {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Project',
      metadata: { name: 'fleet' },
    });
    for (let i = 0; i < COUNT; i++) {
      const metadata = { name: `s${i}`, namespace: 'fleet' };
      sandbox.store.create(kargo('stages'), {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Stage',
        metadata: {
          ...metadata,
          annotations: { 'example.com/notes': 'x'.repeat(5_000) },
        },
        spec: {},
      });
      sandbox.store.create(kargo('freights'), {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Freight',
        metadata,
      });
    }
  });
  afterAll(() => sandbox.stop());
  beforeEach(() => {
    pages.length = 0;
  });

  async function watchOnce(client: KubernetesKargoClusterClient) {
    const watch = client.watch({ onEvent: () => undefined });
    await watch.start();
    const counts = [watch.list('stages').length, watch.list('freights').length];
    await watch.stop();
    return counts;
  }

  it("the watch's LISTs: sized by each kind's bytes", async () => {
    const client = clientFor(sandbox.url);
    expect(await watchOnce(client)).toEqual([COUNT, COUNT]);

    const stages = pages.filter(p => p.kind === 'stages');
    const freights = pages.filter(p => p.kind === 'freights');
    // The first page asks for the minimum; each next one, for what makes
    // about 120 KB at the item size the page before it showed.
    for (const kind of [stages, freights]) {
      expect(kind[0].limit).toBe(MIN_PAGE_ITEMS);
      for (let i = 1; i < kind.length; i++) {
        const itemBytes = kind[i - 1].bytes / kind[i - 1].limit;
        expect(kind[i].limit).toBe(pageLimit(itemBytes, 500));
      }
    }
    // Stages: every body under a large object, none but the last much smaller.
    expect(stages.length).toBeGreaterThan(10);
    for (const page of stages) expect(page.bytes).toBeLessThan(LARGE_OBJECT);
    for (const page of stages.slice(1, -1))
      expect(page.bytes).toBeGreaterThan(100 * 1024);
    // Small Freight: the rest in one page.
    expect(freights).toHaveLength(2);

    // A relist starts from what the first LIST learnt.
    pages.length = 0;
    await watchOnce(client);
    expect(pages.find(p => p.kind === 'stages')!.limit).toBe(stages[1].limit);
  });

  it("the poll mode's LISTs: pageSize items", async () => {
    const client = clientFor(sandbox.url);
    // Even once the watch learnt the sizes of Stages.
    await watchOnce(client);
    pages.length = 0;
    const before = client.requestCount;
    expect(await client.listStages('fleet')).toHaveLength(COUNT);
    expect(await client.listFreight('fleet')).toHaveLength(COUNT);
    expect(client.requestCount - before).toBe(2);
    expect(pages.map(p => [p.kind, p.limit])).toEqual([
      ['stages', 500],
      ['freights', 500],
    ]);

    pages.length = 0;
    await clientFor(sandbox.url, 100).listStages('fleet');
    expect(pages.map(p => p.limit)).toEqual([100, 100, 100]);
  });
});
