import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getText } from './httpText';

describe('getText', () => {
  let server: http.Server;
  let url: string;
  const served: string[] = [];

  beforeEach(async () => {
    served.length = 0;
    // Resets a kept-alive connection when a second request arrives on it: what
    // a server closing an idle socket at that very moment looks like to the client.
    server = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { requests?: number };
      socket.requests = (socket.requests ?? 0) + 1;
      if (socket.requests > 1) {
        socket.resetAndDestroy();
        return;
      }
      served.push(req.url ?? '');
      res.setHeader('link', '<next>; rel="next"');
      res.end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise(resolve => server.close(resolve));
  });

  it('answers every page when the server resets a kept-alive connection', async () => {
    const first = await getText(`${url}/a`, {});
    const second = await getText(`${url}/b`, {});
    expect(JSON.parse(first.body)).toEqual({ path: '/a' });
    expect(JSON.parse(second.body)).toEqual({ path: '/b' });
    expect(second.link).toBe('<next>; rel="next"');
    expect(served).toEqual(['/a', '/b']);
  });

  it('reports an error status with the URL', async () => {
    server.removeAllListeners('request');
    server.on('request', (_req, res) => {
      res.statusCode = 403;
      res.end('{}');
    });
    await expect(getText(`${url}/x`, {})).rejects.toThrow(`${url}/x answered 403`);
  });
});
