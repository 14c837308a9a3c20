import { NotFoundError } from '@backstage/errors';
import {
  annotationsNameStage,
  errorWithReason,
  MAX_ENTITY_PROJECTS,
  MAX_ENTITY_STAGES,
  parseEntityKargoAnnotations,
  type EntityStagesResponse,
} from '@kargo-backstage/plugin-kargo-common';
import {
  findProjectFor,
  projectNotFound,
  readableStagesOf,
} from '../services/snapshot/queries/lookup';
import { sendEntityAnswer, type ServedStage } from './entityAnswer';
import { RecentEntities } from '../services/catalog/recentEntities';
import { redactClusterText } from './redact';
import { entityParams, instanceQuery, parse, resolveInstance } from './params';
import { type KargoApiRouter, type RouterOptions } from './types';

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

export function addEntityRoutes(
  router: KargoApiRouter,
  options: RouterOptions,
) {
  const { httpAuth, permissions, catalog, kargo, snapshots } = options;
  const entities = new RecentEntities(catalog);

  router.get('/entities/:kind/:namespace/:name/stages', async (req, res) => {
    const ref = parse(entityParams, req.params, 'path parameter');
    const configured = kargo.listInstances().map(i => i.name);
    // An explicit ?instance= overrides the entity's annotation.
    const { instance: queried } = parse(
      instanceQuery,
      req.query,
      'query parameter',
    );
    const requested = queried && resolveInstance(req.query, configured);
    const credentials = await httpAuth.credentials(req);
    // The caller's own credentials: who cannot see the entity gets a 404.
    const entity = await entities.get(ref, credentials);
    if (!entity) {
      throw errorWithReason(NotFoundError, {
        code: 'entityNotFound',
        params: { kind: ref.kind, namespace: ref.namespace, name: ref.name },
      });
    }
    const annotations = parseEntityKargoAnnotations(
      entity.metadata.annotations ?? {},
    );
    const instance = requested ?? annotations.instance ?? configured[0];
    const errors: EntityStagesResponse['errors'] = [];
    const items: ServedStage[] = [];
    let lastUpdated: string | null = null;
    let stale = false;

    const { projects } = annotations;
    // Bounded lists (issue 35, attacks 20 and 21): say what was left out.
    if (annotations.projectsLeftOut) {
      errors.push({
        instance,
        project: '…',
        message: `The entity names more than ${MAX_ENTITY_PROJECTS} Kargo projects; only the first ${MAX_ENTITY_PROJECTS} are read`,
      });
    }
    if (annotations.stagesLeftOut) {
      errors.push({
        instance,
        project: '…',
        message: `The entity names more than ${MAX_ENTITY_STAGES} Kargo Stages; only the first ${MAX_ENTITY_STAGES} are read`,
      });
    }
    for (const project of projects) {
      if (!configured.includes(instance)) {
        errors.push({
          instance,
          project,
          message: `Unknown Kargo instance '${instance}' in the entity's annotations`,
        });
        continue;
      }
      try {
        // Not read yet: told only to who may be allowed some Stage of it.
        const found = await findProjectFor(
          snapshots,
          permissions,
          credentials,
          instance,
          project,
        );
        const stages = await readableStagesOf(
          permissions,
          credentials,
          { instance, project },
          found.project.stages.filter(s =>
            annotationsNameStage(annotations, s),
          ),
        );
        // Of a project the caller may read nothing of, say no more than
        // of a missing one: no error text, no freshness.
        if (stages.length === 0) {
          errors.push({
            instance,
            project,
            message: projectNotFound(instance, project).message,
          });
          continue;
        }
        items.push(...stages.map(stage => ({ found, stage })));
        if (found.project.error) {
          errors.push({
            instance,
            project,
            message: redactClusterText(found.project.error),
          });
        }
        // The oldest project's time: the answer is as fresh as its stalest part.
        const updated = found.project.lastUpdated;
        if (updated && (!lastUpdated || updated < lastUpdated))
          lastUpdated = updated;
        stale = stale || found.state.stale || !!found.project.error;
      } catch (error) {
        errors.push({
          instance,
          project,
          message: redactClusterText(messageOf(error)),
        });
        // A missing project is answered as a hidden one: not stale either.
        stale = stale || !(error instanceof NotFoundError);
      }
    }

    // Only for projects with a Stage this caller may read (in items).
    const signalChannels = [
      ...new Set(
        items.map(({ stage }) =>
          options.signalChannels.channelOf(stage.instance, stage.project),
        ),
      ),
    ];
    const rest: Omit<EntityStagesResponse, 'items'> = {
      errors,
      lastUpdated,
      stale,
      signalChannels,
    };
    await sendEntityAnswer(req, res, items, rest);
  });
}
