import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ResourcePermission } from '@backstage/plugin-permission-common';
import {
  kargoStageResourceRef,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';
import type { TemplateActionOptions } from '@backstage/plugin-scaffolder-node';
import {
  authorizeInitiator,
  getStageOrInputError,
  type KargoActionOptions,
} from './shared';

/** The zod the scaffolder hands to schema builders (its own copy of zod). */
type Zod = Parameters<
  NonNullable<NonNullable<TemplateActionOptions['schema']>['input']>[string]
>[0];
type ZodString = ReturnType<Zod['string']>;
type ZodOptionalString = ReturnType<ZodString['optional']>;
type ZodOptionalNumber = ReturnType<ReturnType<Zod['number']>['optional']>;

/** How long the Stage actions wait by default, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 600;

/**
 * The inputs every Stage action takes: which project, Stage and instance.
 * `stageDescription` says what the action does to the Stage.
 */
export function stageActionInputs(stageDescription: string): {
  project: (z: Zod) => ZodString;
  stage: (z: Zod) => ZodString;
  instance: (z: Zod) => ZodOptionalString;
} {
  return {
    project: z => z.string().min(1).describe('Kargo project (namespace)'),
    stage: z => z.string().min(1).describe(stageDescription),
    instance: z =>
      z
        .string()
        .optional()
        .describe('Configured Kargo instance; default: the first'),
  };
}

/** The optional `timeoutSeconds` input of the actions that can wait. */
export function timeoutSecondsInput(z: Zod): ZodOptionalNumber {
  return z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      `How long to wait, in seconds (default ${DEFAULT_TIMEOUT_SECONDS})`,
    );
}

/**
 * Authorizes the initiator for `permission` on the Stage, then reads it
 * ("Stage x not found in project y" when it is missing). Runs before any
 * write, never on a dry run.
 */
export async function authorizeAndGetStage(options: {
  permissions: KargoActionOptions['permissions'];
  credentials: BackstageCredentials;
  permission: ResourcePermission;
  cluster: KargoClusterClient;
  project: string;
  stage: string;
}): Promise<Stage> {
  const { permissions, credentials, permission, cluster, project, stage } =
    options;
  await authorizeInitiator(permissions, credentials, {
    permission,
    resourceRef: kargoStageResourceRef({
      instance: cluster.instance.name,
      project,
      name: stage,
    }),
  });
  return getStageOrInputError(cluster, project, stage);
}
