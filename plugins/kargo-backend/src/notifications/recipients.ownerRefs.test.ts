import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mockServices } from '@backstage/backend-test-utils';
import { CatalogClient } from '@backstage/catalog-client';
import {
  componentEntityV1alpha1Validator,
  type Entity,
} from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { CatalogAudience } from './recipients';

/**
 * Issue 35, attack 24: the members query is built by CatalogClient as
 * `filter=kind=User,relations.memberof=<group>,...` without escaping the
 * values, and the catalog splits that string on ',' and '=' (its
 * `parseEntityFilterString`, copied below). A group ref comes from an
 * entity's `spec.owner`, which the catalog checks only as a non-empty string.
 * Anyone who may register an entity naming a project they may not read made
 * its owner `group:default/x,metadata.name=nobody`: the query of the
 * project's owning groups answered no user, and none of the project's owners
 * was told, silently. `,=y` made it a 400 and a 17 KB name a 431, and the
 * Stage's announce threw. Owner refs that are no valid catalog names are
 * now left out.
 */

const owned = (name: string, owner: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'payments' },
  },
  spec: { type: 'service', lifecycle: 'production', owner },
});

/** What the catalog stores: a valid Component, and its ownedBy relation. */
async function processed(entity: Entity): Promise<Entity> {
  expect(await componentEntityV1alpha1Validator.check(entity)).toBe(true);
  const owner = String(entity.spec?.owner).toLowerCase();
  return { ...entity, relations: [{ type: 'ownedBy', targetRef: owner }] };
}

const ALICE: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'User',
  metadata: { name: 'alice', namespace: 'default' },
  spec: {},
  relations: [{ type: 'memberOf', targetRef: 'group:default/payments-team' }],
};

/** The values an entity has for a filter key (what the catalog indexes). */
function valuesOf(entity: Entity, key: string): string[] | undefined {
  if (key === 'kind') return [entity.kind.toLowerCase()];
  if (key === 'metadata.name') return [entity.metadata.name.toLowerCase()];
  if (key === 'relations.memberof')
    return (entity.relations ?? [])
      .filter(r => r.type === 'memberOf')
      .map(r => r.targetRef.toLowerCase());
  if (key === 'metadata.annotations.kargo.akuity.io/project') {
    const v = entity.metadata.annotations?.['kargo.akuity.io/project'];
    return v === undefined ? undefined : [v.toLowerCase()];
  }
  return undefined;
}

/** The catalog's `parseEntityFilterString` and matching, as in plugin-catalog-backend. */
function query(all: Entity[], filter: string): Entity[] | 'bad' {
  const byKey = new Map<string, string[] | undefined>();
  for (const statement of filter
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)) {
    const eq = statement.indexOf('=');
    const key = eq === -1 ? statement : statement.slice(0, eq).trim();
    if (!key) return 'bad';
    const value = eq === -1 ? undefined : statement.slice(eq + 1).trim();
    if (!byKey.has(key)) byKey.set(key, value === undefined ? undefined : []);
    if (value !== undefined) byKey.get(key)?.push(value.toLowerCase());
  }
  return all.filter(e =>
    [...byKey].every(([key, wanted]) => {
      const has = valuesOf(e, key);
      if (!has) return false;
      return !wanted || wanted.some(w => has.includes(w));
    }),
  );
}

async function ownersTold(hostileOwner: string) {
  const entities = [
    await processed(owned('checkout', 'group:default/payments-team')),
    await processed(owned('innocent-looking', hostileOwner)),
  ];
  const all = [...entities, ALICE];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://x');
    const result = query(all, url.searchParams.get('filter') ?? '');
    res.setHeader('content-type', 'application/json');
    if (result === 'bad') {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: { name: 'InputError', message: 'Invalid filter' },
        }),
      );
      return;
    }
    res.end(JSON.stringify(result));
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  try {
    const port = (server.address() as AddressInfo).port;
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
    const first = await audience.ofStage({
      instance: 'sandbox',
      project: 'payments',
      stage: 'prod',
    });
    const second = await audience.ofStage({
      instance: 'sandbox',
      project: 'payments',
      stage: 'staging',
    });
    return [first.ownerUsers, second.ownerUsers];
  } finally {
    await new Promise(r => server.close(r));
  }
}

it('control: with an honest second owner, the real owner alice is told', async () => {
  expect(await ownersTold('group:default/someone-else')).toEqual([
    ['user:default/alice'],
    ['user:default/alice'],
  ]);
});

it('tells the real owners of a project whatever owner refs an entity naming it declares', async () => {
  for (const hostile of [
    // It silenced every Stage of the project (an added clause).
    'group:default/x,metadata.name=nobody',
    // It made the members query a 400, and the announce threw.
    'group:default/x,=y',
    // It made the members query a 431, and the announce threw.
    `group:default/${'a'.repeat(17_000)}`,
  ]) {
    expect(await ownersTold(hostile)).toEqual([
      ['user:default/alice'],
      ['user:default/alice'],
    ]);
  }
});
