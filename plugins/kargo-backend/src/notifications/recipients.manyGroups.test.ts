import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Entity } from '@backstage/catalog-model';
import {
  ALICE_OF_PAYMENTS_TEAM as ALICE,
  audienceOverHttp,
  paymentsComponent,
} from './__testUtils__/catalogOverHttp';

/**
 * Issue 35, attack 23: the notifier asked the catalog for the members of
 * every group owning an entity that names the Stage in ONE GET whose URL
 * listed them all. Anyone may register entities naming a project they may
 * not read, each owned by a made-up group with a long name: 200 of them made
 * that URL ~21 KB, over the 16 KB of request line and headers Node's HTTP
 * server (Backstage's) accepts. The catalog answered 431, and no Stage of the
 * project was notified, to its real owners either. The groups are now asked
 * in runs of at most 4,000 characters of filter.
 */
const HOSTILE = 200;

const entity = (name: string, owner: string): Entity => ({
  ...paymentsComponent(name, owner),
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
    const url = decodeURIComponent(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (!url.includes('relations.memberof')) {
      res.end(JSON.stringify(entities));
      return;
    }
    // The payments team's one member, when its group is asked about.
    res.end(
      JSON.stringify(
        url.includes('group:default/payments-team') ? [ALICE] : [],
      ),
    );
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise(r => server.close(r)));

it("tells a project's real owners however many entities owned by made-up groups anyone registers for it", async () => {
  const audience = audienceOverHttp(port);
  const told = await audience.ofStage({
    instance: 'sandbox',
    project: 'payments',
    stage: 'prod',
  });
  // It was a 431 for the one ~21 KB members query, and nobody was told.
  expect(told.ownerUsers).toContain('user:default/alice');
  expect(longestUrl).toBeLessThan(8_000);
});
