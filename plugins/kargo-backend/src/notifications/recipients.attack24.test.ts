import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mockServices } from '@backstage/backend-test-utils';
import { CatalogClient } from '@backstage/catalog-client';
import {
  componentEntityV1alpha1Validator,
  type Entity,
} from '@backstage/catalog-model';
// eslint-disable-next-line @backstage/no-undeclared-imports
import { BuiltinKindsEntityProcessor } from '@backstage/plugin-catalog-backend';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { CatalogAudience } from './recipients';

/**
 * Issue 35, attack 24: the members query is built by CatalogClient as
 * `filter=kind=User,relations.memberof=<group>,...` WITHOUT escaping the
 * values, and the catalog splits that string on ',' and '=' (its
 * `parseEntityFilterString`). A group ref comes from an entity's
 * `spec.owner`, which the catalog does not check beyond "a non-empty string":
 * `group:default/x,metadata.name=nobody` is a valid Component owner, and the
 * BuiltinKindsEntityProcessor turns it into an ownedBy relation with that
 * target. Anyone who may register an entity naming a project they may not
 * read (its kargo annotation) so adds `metadata.name=nobody` to the members
 * query of the chunk holding the project's real owning groups: the catalog
 * answers no user, every group of the chunk is recorded with no member for
 * the pass, and none of the project's owners is told, silently (no error).
 * With `,=x` instead the catalog answers 400 and the Stage's announce throws.
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

/** What the catalog stores: the entity with the relations its processor emits. */
async function processed(entity: Entity): Promise<Entity> {
  expect(await componentEntityV1alpha1Validator.check(entity)).toBe(true);
  const relations: Entity['relations'] = [];
  await new BuiltinKindsEntityProcessor().postProcessEntity(
    entity,
    { type: 'url', target: 'https://example.com/catalog-info.yaml' },
    result => {
      if (result.type === 'relation' && result.relation.type === 'ownedBy') {
        const t = result.relation.target;
        relations.push({
          type: 'ownedBy',
          targetRef: `${t.kind.toLowerCase()}:${t.namespace.toLowerCase()}/${t.name.toLowerCase()}`,
        });
      }
    },
  );
  return { ...entity, relations };
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

it("ATTACK 24: an entity owned by 'group:default/x,metadata.name=nobody' silences every Stage of a project it names", async () => {
  // Today: alice (the real owner, a member of payments-team) is told of no
  // Stage of the pass; no error is logged. Measured: 0 of 2 Stages.
  expect(await ownersTold('group:default/x,metadata.name=nobody')).toEqual([
    [],
    [],
  ]);
});

it("ATTACK 24: an owner 'group:default/x,=y' makes the members query a 400, and the Stage's announce throws", async () => {
  await expect(ownersTold('group:default/x,=y')).rejects.toThrow(/400/);
});

it('ATTACK 24: one owner ref over 16 KB (filterChunks cannot split one group) makes the members query a 431', async () => {
  // The catalog checks spec.owner only as a non-empty string; the chunk of
  // one ~17 KB group is still over Node's 16 KB request line: the Stage's
  // announce throws, for every Stage the entity names (the group is never
  // recorded, so each Stage asks again).
  await expect(
    ownersTold(`group:default/${'a'.repeat(17_000)}`),
  ).rejects.toThrow(/431/);
});
