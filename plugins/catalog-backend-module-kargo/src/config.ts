import {
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

/** One `catalog.providers.kargo.owners[]` rule. @public */
export interface KargoOwnerRule {
  instance?: string;
  project?: string;
  owner: string;
}

/** `catalog.providers.kargo`, read once at startup. @public */
export interface KargoCatalogConfig {
  schedule: SchedulerServiceTaskScheduleDefinition;
  defaultOwner: string;
  owners: KargoOwnerRule[];
  /** Project names to mirror; undefined: every project. */
  projects?: string[];
  includePullRequestUrls: boolean;
  includeErrorText: boolean;
}

const CONFIG_KEY = 'catalog.providers.kargo';

/** The snapshot is cached by the Kargo backend, so reading it often is cheap. */
export const DEFAULT_SCHEDULE: SchedulerServiceTaskScheduleDefinition = {
  frequency: { seconds: 30 },
  timeout: { minutes: 1 },
  initialDelay: { seconds: 5 },
};

export const DEFAULT_OWNER = 'unknown';

function checkOwner(owner: string, key: string): string {
  try {
    parseEntityRef(owner, {
      defaultKind: 'Group',
      defaultNamespace: 'default',
    });
  } catch (error) {
    throw new InputError(
      `${key} must be an entity reference such as group:default/platform, got "${owner}"`,
    );
  }
  return owner;
}

/**
 * Reads `catalog.providers.kargo`; throws at startup on a malformed owner so
 * a typo never surfaces later as entities failing validation.
 */
export function readKargoCatalogConfig(config: Config): KargoCatalogConfig {
  const root = config.getOptionalConfig(CONFIG_KEY);
  const schedule = root?.has('schedule')
    ? readSchedulerServiceTaskScheduleDefinitionFromConfig(
        root.getConfig('schedule'),
      )
    : DEFAULT_SCHEDULE;
  const defaultOwner = checkOwner(
    root?.getOptionalString('defaultOwner') ?? DEFAULT_OWNER,
    `${CONFIG_KEY}.defaultOwner`,
  );
  const owners = (root?.getOptionalConfigArray('owners') ?? []).map(
    (rule, index) => {
      const key = `${CONFIG_KEY}.owners[${index}]`;
      const instance = rule.getOptionalString('instance');
      const project = rule.getOptionalString('project');
      if (!instance && !project) {
        throw new InputError(`${key} needs an instance, a project or both`);
      }
      return {
        instance,
        project,
        owner: checkOwner(rule.getString('owner'), `${key}.owner`),
      };
    },
  );
  return {
    schedule,
    defaultOwner,
    owners,
    projects: root?.getOptionalStringArray('projects'),
    includePullRequestUrls:
      root?.getOptionalBoolean('includePullRequestUrls') ?? true,
    includeErrorText: root?.getOptionalBoolean('includeErrorText') ?? true,
  };
}
