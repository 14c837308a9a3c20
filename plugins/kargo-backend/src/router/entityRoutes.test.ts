import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from '../__testUtils__/backend';

// A real backend and the sandbox on a shared machine.
jest.setTimeout(30_000);

const PATH = '/api/kargo/entities/component/default/checkout-service/stages';

/** The raw bytes of an answer (supertest would decode a gzip body). */
function raw(
  server: http.Server,
  headers: Record<string, string>,
): Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: PATH, headers: { Authorization: user(), ...headers } }, res => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the entity route', () => {
  let backend: KargoTestBackend;
  beforeAll(async () => {
    backend = await startKargoTestBackend();
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
  });

  const get = () =>
    request(backend.server).get(PATH).set('Authorization', user());

  it('answers a client that accepts gzip with the same JSON gzipped, and 304 to its ETag', async () => {
    const plain = await raw(backend.server, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = JSON.parse(plain.body.toString());
    expect(answer.items.length).toBeGreaterThan(1);

    const zipped = await raw(backend.server, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const body = zipped.body;
    expect(body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(body).toString())).toEqual(answer);

    const etag = String(plain.headers.etag);
    expect(zipped.headers.etag).toBe(etag);
    const again = await get().set('If-None-Match', etag);
    expect(again.status).toBe(304);
  });

  it('answers each request with the Stages this caller may read now, however recently a larger answer went out', async () => {
    const all = await get();
    const names = all.body.items.map((s: StageDetail) => s.name);
    expect(names.length).toBeGreaterThan(1);

    const [first, ...others] = names;
    backend.permissions.authorize.mockImplementationOnce(async requests =>
      requests.map(r => ({
        result: String((r as { resourceRef?: string }).resourceRef).endsWith(`/${first}`)
          ? AuthorizeResult.DENY
          : AuthorizeResult.ALLOW,
      })),
    );
    const fewer = await get();
    expect(fewer.status).toBe(200);
    expect(fewer.body.items.map((s: StageDetail) => s.name)).toEqual(others);
    expect(fewer.headers.etag).not.toBe(all.headers.etag);

    const again = await get();
    expect(again.body).toEqual(all.body);
    expect(again.headers.etag).toBe(all.headers.etag);
  });
});
