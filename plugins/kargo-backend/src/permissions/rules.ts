import {
  createConditionExports,
  createPermissionResourceRef,
  createPermissionRule,
} from '@backstage/plugin-permission-node';
import {
  KARGO_PLUGIN_ID,
  KARGO_STAGE_RESOURCE_TYPE,
} from '@kargo-backstage/plugin-kargo-common';
import { stringListParams } from './paramsSchema';

/**
 * What permission rules see of a Stage: where it lives, parsed from the
 * resource ref alone (`getResources`), never looked up.
 *
 * @public
 */
export interface KargoStageResource {
  instance: string;
  project: string;
  name: string;
}

/**
 * Query form of the rules. The plugin filters in memory (its data is the
 * snapshot, not a database), so this only mirrors the rule parameters.
 *
 * @public
 */
export type KargoStageQuery = {
  property: 'instance' | 'project' | 'name';
  values: string[];
};

/** @public */
export const kargoStagePermissionResourceRef = createPermissionResourceRef<
  KargoStageResource,
  KargoStageQuery
>().with({
  pluginId: KARGO_PLUGIN_ID,
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

const isInProject = createPermissionRule({
  name: 'IS_IN_PROJECT',
  description: 'Allow Stages of the given Kargo projects',
  resourceRef: kargoStagePermissionResourceRef,
  paramsSchema: stringListParams('projects', 'Kargo project (namespace) names'),
  apply: (stage, { projects }) => projects.includes(stage.project),
  toQuery: ({ projects }) => ({ property: 'project', values: projects }),
});

const isInInstance = createPermissionRule({
  name: 'IS_IN_INSTANCE',
  description: 'Allow Stages of the given configured Kargo instances',
  resourceRef: kargoStagePermissionResourceRef,
  paramsSchema: stringListParams(
    'instances',
    'Names from kargo.instances[].name',
  ),
  apply: (stage, { instances }) => instances.includes(stage.instance),
  toQuery: ({ instances }) => ({ property: 'instance', values: instances }),
});

const isStage = createPermissionRule({
  name: 'IS_STAGE',
  description: 'Allow Stages with the given names (in any project)',
  resourceRef: kargoStagePermissionResourceRef,
  paramsSchema: stringListParams('stages', 'Stage names, e.g. prod'),
  apply: (stage, { stages }) => stages.includes(stage.name),
  toQuery: ({ stages }) => ({ property: 'name', values: stages }),
});

/**
 * The permission rules of the `kargo-stage` resource type.
 *
 * @public
 */
export const kargoStageRules = { isInProject, isInInstance, isStage };

const conditionExports = createConditionExports({
  resourceRef: kargoStagePermissionResourceRef,
  rules: kargoStageRules,
});

/**
 * Conditions for permission policies, e.g.
 * `createKargoStageConditionalDecision(permission, kargoStageConditions.isInProject({ projects: ['checkout'] }))`.
 *
 * @public
 */
export const kargoStageConditions = conditionExports.conditions;

/**
 * A conditional decision on Kargo Stages for permission policies (see
 * {@link kargoStageConditions}).
 *
 * @public
 */
export const createKargoStageConditionalDecision =
  conditionExports.createConditionalDecision;
