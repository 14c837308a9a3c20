import type { AuthService } from '@backstage/backend-plugin-api';
import { stringifyEntityRef, type Entity } from '@backstage/catalog-model';
import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import {
  entityNamesStage,
  KARGO_ANNOTATIONS,
  parseEntityKargoAnnotations,
} from '@kargo-backstage/plugin-kargo-common';

interface StageAudience {
  /** Entities naming the Stage; the notifications backend resolves their owners. */
  entityRefs: string[];
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
      ],
    },
    { credentials: await deps.auth.getOwnServiceCredentials() },
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
    link: naming[0] ? kargoTab(naming[0]) : undefined,
  };
}
