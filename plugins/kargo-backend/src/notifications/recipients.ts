import type { AuthService } from '@backstage/backend-plugin-api';
import {
  KubernetesValidatorFunctions,
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
  type EntityKargoAnnotations,
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

/** The owners of the entities (relations, else `spec.owner`), as entity refs. */
/**
 * Whether an owner ref may be used: a user or a group whose namespace and
 * name are valid catalog names (at most 63 characters, no `,` or `=`), as
 * every real one is. The catalog takes `spec.owner` unchecked, and the ref
 * goes into the members query's filter, which the catalog client does not
 * escape: `group:default/x,metadata.name=nobody` added a clause that left
 * every group of the query without members, and a 17 KB ref made it a 431
 * (issue 35, attack 24).
 */
function isUsableOwnerRef(ref: string): boolean {
  try {
    const { kind, namespace, name } = parseEntityRef(ref);
    return (
      ['user', 'group'].includes(kind.toLocaleLowerCase('en-US')) &&
      KubernetesValidatorFunctions.isValidNamespace(namespace) &&
      KubernetesValidatorFunctions.isValidObjectName(name)
    );
  } catch {
    return false;
  }
}

function ownerRefs(entity: Entity): string[] {
  return declaredOwnerRefs(entity).filter(isUsableOwnerRef);
}

function declaredOwnerRefs(entity: Entity): string[] {
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

type Credentials = Awaited<ReturnType<AuthService['getOwnServiceCredentials']>>;

/**
 * Characters of group filter per members query. The catalog is asked over
 * HTTP, and Node refuses a request line over 16 KB (431): 200 entities owned
 * by made-up groups of long names, which anyone may register, made the query
 * of a project's Stages fail, and its notifications with it (issue 35,
 * attack 23).
 */
const MAX_MEMBERS_FILTER_CHARS = 4_000;

/** The groups in runs whose members filter fits MAX_MEMBERS_FILTER_CHARS. */
function* filterChunks(groups: readonly string[]): Generator<string[]> {
  let chunk: string[] = [];
  let chars = 0;
  for (const group of groups) {
    const cost = encodeURIComponent(`relations.memberof=${group},`).length;
    if (chunk.length > 0 && chars + cost > MAX_MEMBERS_FILTER_CHARS) {
      yield chunk;
      chunk = [];
      chars = 0;
    }
    chunk.push(group);
    chars += cost;
  }
  if (chunk.length > 0) yield chunk;
}

interface AudienceDeps {
  catalog: CatalogService;
  auth: AuthService;
  defaultInstance: string;
}

/**
 * Who hears about the Stages of one pass of the notifier: the entities whose
 * Kargo annotations name a Stage, and their owners. The annotated entities
 * are read from the catalog once per pass (at the first Stage asked about,
 * none when the pass has nothing to send), the members of each owning group
 * at most once: the catalog used to be read again for every event (issue 35,
 * attack 8).
 */
export class CatalogAudience {
  private annotated?: Promise<{
    credentials: Credentials;
    items: { entity: Entity; annotations: EntityKargoAnnotations }[];
  }>;
  private readonly members = new Map<string, string[]>();

  constructor(private readonly deps: AudienceDeps) {}

  async ofStage(stage: {
    instance: string;
    project: string;
    stage: string;
  }): Promise<StageAudience> {
    this.annotated ??= this.readAnnotated();
    const { credentials, items } = await this.annotated;
    const naming = items
      .filter(({ annotations }) =>
        entityNamesStage(
          { annotations, defaultInstance: this.deps.defaultInstance },
          {
            instance: stage.instance,
            project: stage.project,
            name: stage.stage,
          },
        ),
      )
      .map(({ entity }) => entity)
      .sort(
        (a, b) => Number(a.kind === 'Resource') - Number(b.kind === 'Resource'),
      );
    await this.readMembers(credentials, naming);
    const entities = naming.map(entity => ({
      link: kargoTab(entity),
      users: this.usersOf(entity),
    }));
    return {
      entityRefs: naming.map(e => stringifyEntityRef(e)),
      ownerUsers: [...new Set(entities.flatMap(e => e.users))].sort(),
      entities,
    };
  }

  private async readAnnotated() {
    const credentials = await this.deps.auth.getOwnServiceCredentials();
    const { items } = await this.deps.catalog.getEntities(
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
    // Parsed once per pass, not per Stage asked about (attack 22).
    return {
      credentials,
      items: items.map(entity => ({
        entity,
        annotations: parseEntityKargoAnnotations(
          entity.metadata.annotations ?? {},
        ),
      })),
    };
  }

  /** Reads the members of the owning groups not read yet in this pass. */
  private async readMembers(credentials: Credentials, entities: Entity[]) {
    const groups = [
      ...new Set(
        entities
          .flatMap(ownerRefs)
          .filter(ref => ref.startsWith('group:') && !this.members.has(ref)),
      ),
    ];
    for (const chunk of filterChunks(groups)) {
      const { items } = await this.deps.catalog.getEntities(
        {
          filter: { kind: 'User', 'relations.memberof': chunk },
          fields: ['kind', 'metadata.name', 'metadata.namespace', 'relations'],
        },
        { credentials },
      );
      for (const group of chunk) this.members.set(group, []);
      for (const user of items) {
        const ref = stringifyEntityRef(user);
        for (const relation of user.relations ?? []) {
          if (relation.type !== RELATION_MEMBER_OF) continue;
          const members = this.members.get(relation.targetRef);
          if (members && !members.includes(ref)) members.push(ref);
        }
      }
    }
  }

  /** The users owning the entity: user owners, and the members of owning groups. */
  private usersOf(entity: Entity): string[] {
    return [
      ...new Set(
        ownerRefs(entity).flatMap(ref =>
          ref.startsWith('user:') ? [ref] : this.members.get(ref) ?? [],
        ),
      ),
    ];
  }
}
