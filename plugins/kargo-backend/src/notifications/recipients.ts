import type { AuthService } from '@backstage/backend-plugin-api';
import {
  parseEntityRef,
  RELATION_MEMBER_OF,
  RELATION_OWNED_BY,
  stringifyEntityRef,
  type Entity,
} from '@backstage/catalog-model';
import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import {
  entityNamesStage,
  KARGO_ANNOTATIONS,
  parseEntityKargoAnnotations,
} from '@kargo-backstage/plugin-kargo-common';

/** One entity naming the Stage, with the users owning it. */
interface NamingEntity {
  /** Its Kargo tab. */
  link: string;
  /** The users owning it: directly, or as members of an owning group. */
  users: string[];
}

interface StageAudience {
  /** Entities naming the Stage. */
  entityRefs: string[];
  /** The users owning them (sorted). */
  ownerUsers: string[];
  /** The naming entities, a non-Resource entity first. */
  entities: NamingEntity[];
}

function kargoTab(entity: Entity): string {
  const ns = entity.metadata.namespace ?? 'default';
  return `/catalog/${ns}/${entity.kind.toLocaleLowerCase('en-US')}/${
    entity.metadata.name
  }/kargo`;
}

/** Who hears about a Stage: the entities whose Kargo annotations name it. */
export async function audienceOfStage(
  deps: { catalog: CatalogService; auth: AuthService; defaultInstance: string },
  stage: { instance: string; project: string; stage: string },
): Promise<StageAudience> {
  const credentials = await deps.auth.getOwnServiceCredentials();
  const { items } = await deps.catalog.getEntities(
    {
      filter: {
        [`metadata.annotations.${KARGO_ANNOTATIONS.project}`]:
          CATALOG_FILTER_EXISTS,
      },
      fields: [
        'kind',
        'metadata.name',
        'metadata.namespace',
        'metadata.annotations',
        'spec.owner',
        'relations',
      ],
    },
    { credentials },
  );
  const naming = items
    .filter(entity =>
      entityNamesStage(
        {
          annotations: parseEntityKargoAnnotations(
            entity.metadata.annotations ?? {},
          ),
          defaultInstance: deps.defaultInstance,
        },
        { instance: stage.instance, project: stage.project, name: stage.stage },
      ),
    )
    .sort(
      (a, b) => Number(a.kind === 'Resource') - Number(b.kind === 'Resource'),
    );
  const ownersOf = await usersOf(deps.catalog, credentials, naming);
  const entities = naming.map(entity => ({
    link: kargoTab(entity),
    users: ownersOf(entity),
  }));
  return {
    entityRefs: naming.map(e => stringifyEntityRef(e)),
    ownerUsers: [...new Set(entities.flatMap(e => e.users))].sort(),
    entities,
  };
}

/** The owners of the entities (relations, else `spec.owner`), as entity refs. */
function ownerRefs(entity: Entity): string[] {
  const related = (entity.relations ?? [])
    .filter(r => r.type === RELATION_OWNED_BY)
    .map(r => r.targetRef);
  if (related.length > 0) return related;
  const owner = (entity.spec as { owner?: unknown } | undefined)?.owner;
  if (typeof owner !== 'string' || !owner) return [];
  try {
    return [
      stringifyEntityRef(
        parseEntityRef(owner, {
          defaultKind: 'group',
          defaultNamespace: entity.metadata.namespace ?? 'default',
        }),
      ),
    ];
  } catch {
    return [];
  }
}

/** The users owning each entity: user owners, and the members of owning groups. */
async function usersOf(
  catalog: CatalogService,
  credentials: Awaited<ReturnType<AuthService['getOwnServiceCredentials']>>,
  entities: Entity[],
): Promise<(entity: Entity) => string[]> {
  const owners = [...new Set(entities.flatMap(ownerRefs))];
  const groups = owners.filter(ref => ref.startsWith('group:'));
  const members = new Map<string, string[]>();
  if (groups.length > 0) {
    const { items } = await catalog.getEntities(
      {
        filter: { kind: 'User', 'relations.memberof': groups },
        fields: ['kind', 'metadata.name', 'metadata.namespace', 'relations'],
      },
      { credentials },
    );
    for (const user of items) {
      const ref = stringifyEntityRef(user);
      for (const relation of user.relations ?? []) {
        if (relation.type !== RELATION_MEMBER_OF) continue;
        members.set(relation.targetRef, [
          ...(members.get(relation.targetRef) ?? []),
          ref,
        ]);
      }
    }
  }
  return entity => [
    ...new Set(
      ownerRefs(entity).flatMap(ref =>
        ref.startsWith('user:') ? [ref] : members.get(ref) ?? [],
      ),
    ),
  ];
}
