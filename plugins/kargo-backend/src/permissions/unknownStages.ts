import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  type PermissionCondition,
  type PermissionCriteria,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  isAndCriteria,
  isNotCriteria,
  isOrCriteria,
} from '@backstage/plugin-permission-node';
import {
  KARGO_PLUGIN_ID,
  KARGO_STAGE_RESOURCE_TYPE,
  kargoStageReadPermission,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoAwarePermissionsService } from './kargoReads';

/** Where the Stages are not known: an instance, or one of its projects. */
export interface UnknownStagesOf {
  instance: string;
  project?: string;
}

/** true, false, or undefined where it depends on what is not known. */
type Maybe = boolean | undefined;

function ruleHolds(
  condition: PermissionCondition,
  where: UnknownStagesOf,
): Maybe {
  const params = (condition.params ?? {}) as Record<string, unknown>;
  const listed = (key: string, value: string | undefined) => {
    const list = params[key];
    if (value === undefined || !Array.isArray(list)) return undefined;
    return list.includes(value);
  };
  switch (condition.rule) {
    case 'IS_IN_INSTANCE':
      return listed('instances', where.instance);
    case 'IS_IN_PROJECT':
      return listed('projects', where.project);
    default:
      return undefined; // IS_STAGE, or a rule of another release: unknown
  }
}

/** Three-valued evaluation of the policy's conditions. */
function holds(
  criteria: PermissionCriteria<PermissionCondition>,
  where: UnknownStagesOf,
): Maybe {
  if (isAndCriteria(criteria)) {
    const each = criteria.allOf.map(c => holds(c, where));
    if (each.includes(false)) return false;
    return each.every(v => v === true) ? true : undefined;
  }
  if (isOrCriteria(criteria)) {
    const each = criteria.anyOf.map(c => holds(c, where));
    if (each.includes(true)) return true;
    return each.every(v => v === false) ? false : undefined;
  }
  if (isNotCriteria(criteria)) {
    const inner = holds(criteria.not, where);
    return inner === undefined ? undefined : !inner;
  }
  return ruleHolds(criteria, where);
}

function allowsSomewhere(decision: PolicyDecision, where: UnknownStagesOf) {
  if (decision.result === AuthorizeResult.ALLOW) return true;
  if (decision.result !== AuthorizeResult.CONDITIONAL) return false;
  if (
    decision.pluginId !== KARGO_PLUGIN_ID ||
    decision.resourceType !== KARGO_STAGE_RESOURCE_TYPE
  )
    return false;
  return holds(decision.conditions, where) !== false;
}

/**
 * Whether the caller may read some Stage of an instance, or of a project,
 * whose Stages are not known (never read successfully). Asked before telling
 * that such a project exists or why it (or the instance) could not be read:
 * a caller whom the policy denies every Stage there gets the answer of a
 * project that does not exist. Decided with the policy's conditional
 * decision on `kargo.stage.read`: DENY, or conditions that cannot hold
 * there (another project or instance), is no; ALLOW, or conditions that may
 * hold for a Stage not known yet, is yes; where an instance sets
 * `api.authorizeReads`, a person also needs Kargo to list the project to
 * them (kargoReads.ts). The policy is asked once per caller of the returned
 * function, however many places it is asked about.
 */
export function unknownStagesReader(
  permissions: PermissionsService,
  credentials: BackstageCredentials,
): (where: UnknownStagesOf) => Promise<boolean> {
  let decision: Promise<PolicyDecision> | undefined;
  return async where => {
    decision ??= permissions
      .authorizeConditional([{ permission: kargoStageReadPermission }], {
        credentials,
      })
      .then(([answer]) => answer);
    if (!allowsSomewhere(await decision, where)) return false;
    // Under api.authorizeReads, Kargo too must let a person read the project.
    const kargo = (permissions as KargoAwarePermissionsService)
      .kargoMayReadProject;
    return where.project === undefined || !kargo
      ? true
      : kargo(credentials, where.instance, where.project);
  };
}

/** {@link unknownStagesReader} for one place. */
export function mayReadUnknownStagesOf(
  permissions: PermissionsService,
  credentials: BackstageCredentials,
  where: UnknownStagesOf,
): Promise<boolean> {
  return unknownStagesReader(permissions, credentials)(where);
}
