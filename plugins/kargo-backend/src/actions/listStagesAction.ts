import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { parseEntityRef } from '@backstage/catalog-model';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  errorWithReason,
  kargoStageReadPermission,
  matchesStageFilter,
  parseEntityKargoAnnotations,
  toAssistantStageListItem,
  type StageDetail,
  type StageFilter,
  VERIFICATION_PHASES,
} from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '@kargo-backstage/plugin-kargo-node';
import { unknownStagesReader } from '../permissions/unknownStages';
import { served } from '../services/snapshot/queries/lookup';
import { resolveInstance } from '../router/params';
import { redactClusterText } from '../router/redact';
import type { InstanceState } from '../services/snapshot/types';
import type { KargoActionsOptions, RegistryZod } from './types';

/** A Stage's current verification phase, or `None` when it has none. */
const STAGE_VERIFICATION_PHASES: [string, ...string[]] = [
  'None',
  ...VERIFICATION_PHASES,
];

const listStagesInput = (z: RegistryZod) =>
  z.object({
    instance: z
      .string()
      .optional()
      .describe('Only this configured Kargo instance'),
    project: z.string().optional().describe('Only this Kargo project'),
    entityRef: z
      .string()
      .optional()
      .describe(
        'Only the Stages this catalog entity names, e.g. "component:default/checkout-service"',
      ),
    verificationPhase: z
      .enum(STAGE_VERIFICATION_PHASES)
      .optional()
      .describe('Only Stages whose current verification is in this live phase'),
    hasOrphanedPullRequests: z
      .boolean()
      .optional()
      .describe(
        'Only Stages with (true) or without (false) open PRs no Promotion waits for',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(100)
      .describe('At most this many Stages'),
  });

const listStagesOutput = (z: RegistryZod) =>
  z.object({
    stages: z.array(
      z.object({
        stage: z.string(),
        instance: z.string(),
        project: z.string(),
        phase: z.string(),
        verificationPhase: z.string(),
        verificationStale: z.boolean(),
        openPullRequests: z
          .number()
          .nullable()
          .describe('Null while the PRs are not known yet (never listed)'),
        orphanedPullRequests: z.number().nullable(),
        reverifyAllowed: z.boolean(),
        abortAllowed: z.boolean(),
      }),
    ),
    total: z.number().describe('Matching Stages before the limit'),
    problems: z
      .array(z.string())
      .describe('Instances or projects that could not be read'),
  });

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

export function registerListStagesAction(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  const { permissions, catalog, kargo, snapshots } = options;
  const configured = () => kargo.listInstances().map(i => i.name);

  registry.register({
    name: 'list-stages',
    title: 'List Kargo Stages',
    description:
      'Kargo Stages with the live phase of their current verification, stale records, open and orphaned pull requests. Filter by instance, project, catalog entity, verification phase (e.g. Failed) or orphaned pull requests; use get-stage for the details of one.',
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: { input: listStagesInput, output: listStagesOutput },
    action: async ({ input, credentials }) => {
      const instances = input.instance
        ? [resolveInstance({ instance: input.instance }, configured())]
        : configured();
      const filter: StageFilter = {
        project: input.project,
        verificationPhase: input.verificationPhase,
        hasOrphanedPullRequests: input.hasOrphanedPullRequests,
      };
      if (input.entityRef) {
        let ref;
        try {
          ref = parseEntityRef(input.entityRef, {
            defaultKind: 'component',
            defaultNamespace: 'default',
          });
        } catch (error) {
          throw errorWithReason(
            InputError,
            {
              code: 'invalidRequest',
              params: { field: 'entityRef', location: 'body' },
            },
            {
              message: `Invalid entityRef '${input.entityRef}': ${messageOf(
                error,
              )}`,
            },
          );
        }
        const entity = await catalog.getEntityByRef(ref, { credentials });
        if (!entity)
          throw errorWithReason(
            NotFoundError,
            {
              code: 'entityNotFound',
              params: {
                kind: ref.kind,
                namespace: ref.namespace,
                name: ref.name,
              },
            },
            { message: `Entity '${input.entityRef}' not found in the catalog` },
          );
        filter.entity = {
          annotations: parseEntityKargoAnnotations(
            entity.metadata.annotations ?? {},
          ),
          defaultInstance: configured()[0],
        };
      }
      // Problems are gathered beside the Stages they concern and told only
      // with a Stage the caller may read: never the name or the error text
      // of a project (or instance) they may read nothing of.
      const problems: string[] = [];
      const mayReadUnknown = unknownStagesReader(permissions, credentials);
      const matching: StageDetail[] = [];
      for (const name of instances) {
        let state: InstanceState;
        try {
          state = await snapshots.getInstance(name);
        } catch (error) {
          // Never read: told only to who may be allowed some Stage of it.
          if (await mayReadUnknown({ instance: name }))
            problems.push(
              `Instance ${name}: ${redactClusterText(messageOf(error))}`,
            );
          continue;
        }
        const projects = Object.values(state.projects);
        const readable = await filterAuthorizedStages(
          permissions,
          kargoStageReadPermission,
          projects.flatMap(project => project.stages),
          credentials,
        );
        const readableProjects = new Set(readable.map(s => s.project));
        if (state.error && readable.length > 0)
          problems.push(
            `Instance ${name}: ${redactClusterText(
              state.error,
            )} (showing older data)`,
          );
        for (const project of projects) {
          // A project never read has no Stages to decide on: asked of the policy.
          const told =
            readableProjects.has(project.project) ||
            (!project.lastUpdated &&
              (await mayReadUnknown({
                instance: name,
                project: project.project,
              })));
          if (!told) continue;
          if (project.error)
            problems.push(
              `Project ${name}/${project.project}: ${redactClusterText(
                project.error,
              )}`,
            );
        }
        const found = new Map(
          projects.map(project => [project.project, { state, project }]),
        );
        matching.push(
          ...readable
            .filter(s => matchesStageFilter(s, filter))
            .map(s => served(found.get(s.project)!, s)),
        );
      }
      const visible = matching;
      return {
        output: {
          stages: visible.slice(0, input.limit).map(toAssistantStageListItem),
          total: visible.length,
          problems,
        },
      };
    },
  });
}
