import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  componentEntityV1alpha1Validator,
  type Entity,
} from '@backstage/catalog-model';
import {
  ALICE_OF_PAYMENTS_TEAM as ALICE,
  audienceOverHttp,
  paymentsComponent as owned,
} from './__testUtils__/catalogOverHttp';

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

/** What the catalog stores: a valid Component, and its ownedBy relation. */
async function processed(entity: Entity): Promise<Entity> {
  expect(await componentEntityV1alpha1Validator.check(entity)).toBe(true);
  const owner = String(entity.spec?.owner).toLowerCase();
  return { ...entity, relations: [{ type: 'ownedBy', targetRef: owner }] };
}

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
    const audience = audienceOverHttp(port);
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
