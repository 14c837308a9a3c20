import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mockServices } from '@backstage/backend-test-utils';
import { CatalogClient } from '@backstage/catalog-client';
import type { Entity } from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { CatalogAudience } from './recipients';

/**
 * Attack 23: the notifier asks the catalog for the members of every group
 * owning an entity that names the Stage, in ONE GET whose URL lists them all
 * (`filter=relations.memberof=group:…,…`). Anyone may register entities
 * naming a project they may not read, each owned by a made-up group with a
 * long name: 200 of them make that URL ~21 KB, over the 16 KB of request line
 * and headers Node's HTTP server (Backstage's, made by
 * `http.createServer(listener)`) accepts. The catalog answers 431, `ofStage`
 * throws, and the notification of every Stage of the project (to its real
 * owners too) is not sent.
 */
const HOSTILE = 200;

const entity = (name: string, owner: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'payments' },
  },
  spec: { owner },
  relations: [{ type: 'ownedBy', targetRef: owner }],
});

const entities = [
  entity('checkout', 'group:default/payments-team'),
  ...Array.from({ length: HOSTILE }, (_, i) =>
    entity(
      `m-${i}`,
      `group:default/${'g'.repeat(56)}-${String(i).padStart(4, '0')}`,
    ),
  ),
];

let server: http.Server;
let port: number;
let longestUrl = 0;

beforeAll(async () => {
  // Node's default limits, as Backstage's root HTTP server.
  server = http.createServer((req, res) => {
    longestUrl = Math.max(longestUrl, req.url?.length ?? 0);
    const users = (req.url ?? '').includes('relations.memberof');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(users ? [] : entities));
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise(r => server.close(r)));

it('a signed-in user registering 200 entities owned by made-up groups stops the notifications of a project they may not read (attack 23)', async () => {
  const client = new CatalogClient({
    discoveryApi: {
      getBaseUrl: async () => `http://127.0.0.1:${port}/api/catalog`,
    },
  });
  const catalog = {
    getEntities: (request: Parameters<CatalogClient['getEntities']>[0]) =>
      client.getEntities(request),
  } as unknown as CatalogService;
  const audience = new CatalogAudience({
    catalog,
    auth: mockServices.auth(),
    defaultInstance: 'sandbox',
  });
  const error = await audience
    .ofStage({ instance: 'sandbox', project: 'payments', stage: 'prod' })
    .then(
      () => undefined,
      e => e,
    );
  // Measured: the members query for the 201 owning groups is refused (431)
  // and the audience of the Stage is not found, for the real owners too.
  expect(String(error)).toMatch(/431/);
  const filter = entities
    .map(e => `relations.memberof=${e.relations![0].targetRef}`)
    .join(',');
  // ~21 KB of URL (measured 20,652 characters of filter, encoded).
  expect(encodeURIComponent(filter).length).toBeGreaterThan(20_000);
  // Every request that was answered had a short URL (the entity query).
  expect(longestUrl).toBeLessThan(16_384);
});
