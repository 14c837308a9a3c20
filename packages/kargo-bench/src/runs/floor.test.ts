import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { continueToken, kubePages, parseKubePage } from './floor';

/** Three LIST pages, linked by continue tokens, as the sandbox serves them (metadata before items). */
const PAGES: Record<string, object> = {
  '': { kind: 'StageList', metadata: { continue: 'dG9rZW4x' }, items: [{ metadata: { name: 'a' } }] },
  dG9rZW4x: { kind: 'StageList', metadata: { continue: 'dG9rZW4y' }, items: [{ metadata: { name: 'b' } }] },
  dG9rZW4y: { kind: 'StageList', metadata: {}, items: [{ metadata: { name: 'c', continue: 'not-a-token' } }] },
};

describe('kubePages', () => {
  let server: http.Server;
  let url: string;
  const requested: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requested.push(req.url ?? '');
      const cont = new URL(req.url ?? '/', 'http://x').searchParams.get('continue') ?? '';
      res.end(JSON.stringify(PAGES[cont]));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    requested.length = 0;
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise(resolve => server.close(resolve));
  });

  it('walks every page and parses each exactly once (the read floor)', async () => {
    const parse = jest.spyOn(JSON, 'parse');
    const bodies: string[] = [];
    await kubePages(url, 'stages', body => {
      bodies.push(body);
      return parseKubePage(body);
    });
    expect(parse).toHaveBeenCalledTimes(3);
    expect(parse.mock.calls.map(([body]) => body)).toEqual(bodies);
    expect(bodies.map(b => JSON.parse(b).items[0].metadata.name)).toEqual(['a', 'b', 'c']);
    expect(requested).toEqual([
      '/stages?limit=500',
      '/stages?limit=500&continue=dG9rZW4x',
      '/stages?limit=500&continue=dG9rZW4y',
    ]);
  });

  it('walks every page without parsing any when the token is read from the head', async () => {
    const parse = jest.spyOn(JSON, 'parse');
    const bodies: string[] = [];
    await kubePages(url, 'stages', body => {
      bodies.push(body);
      return continueToken(body);
    });
    expect(bodies).toHaveLength(3);
    expect(parse).not.toHaveBeenCalled();
    expect(requested).toHaveLength(3);
  });
});
