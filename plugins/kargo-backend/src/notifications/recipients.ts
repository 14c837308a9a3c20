import type { AuthService } from '@backstage/backend-plugin-api';
import {
  parseEntityRef,
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

interface StageAudience {
  /** Entities naming the Stage. */
  entityRefs: string[];
  /** The users owning them: directly, or as members of an owning group. */
  ownerUsers: string[];
  /** The Kargo tab of the first of them (a non-Resource entity preferred). */
  link: string | undefined;
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
  return {
    entityRefs: naming.map(e => stringifyEntityRef(e)),
    ownerUsers: await usersOf(deps.catalog, credentials, naming),
    link: naming[0] ? kargoTab(naming[0]) : undefined,
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

/** The users among the owners, and the members of the owning groups. */
async function usersOf(
  catalog: CatalogService,
  credentials: Awaited<ReturnType<AuthService['getOwnServiceCredentials']>>,
  entities: Entity[],
): Promise<string[]> {
  const owners = [...new Set(entities.flatMap(ownerRefs))];
  const users = owners.filter(ref => ref.startsWith('user:'));
  const groups = owners.filter(ref => ref.startsWith('group:'));
  if (groups.length > 0) {
    const { items } = await catalog.getEntities(
      {
        filter: { kind: 'User', 'relations.memberof': groups },
        fields: ['kind', 'metadata.name', 'metadata.namespace'],
      },
      { credentials },
    );
    users.push(...items.map(u => stringifyEntityRef(u)));
  }
  return [...new Set(users)].sort();
}
