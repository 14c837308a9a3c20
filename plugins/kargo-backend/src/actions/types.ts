import type { ActionsRegistryActionOptions } from '@backstage/backend-plugin-api/alpha';
import type { AuthService } from '@backstage/backend-plugin-api';
import type { RouterOptions } from '../router/types';

/** What the actions for AI assistants need: the routes' services, plus auth. */
export type KargoActionsOptions = Pick<
  RouterOptions,
  'permissions' | 'auditor' | 'catalog' | 'kargo' | 'snapshots' | 'commands'
> & {
  auth: AuthService;
  /** The services `kargo.access.services[].write` lets write (kargoServiceWriters). */
  serviceWriters?: ReadonlySet<string>;
};

/**
 * The zod the registry hands the schema functions (its own copy). Schemas stay
 * private to their files: their types cannot be named outside them.
 */
export type RegistryZod = Parameters<
  ActionsRegistryActionOptions<any, any>['schema']['input']
>[0];
