import type {
  BackstageCredentials,
  PermissionsServiceRequestOptions,
} from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type Permission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';

/** A definitive decision of the policy (for user principals). */
export type PolicyDecide = (
  permission: string,
  resourceRef?: string,
) => AuthorizeResult.ALLOW | AuthorizeResult.DENY;

/**
 * The permissions service as Backstage's real one
 * (`ServerPermissionClient` of @backstage/plugin-permission-node 0.11.4,
 * `#servicePrincipalDecision`) behaves: a service principal is allowed at
 * once, without asking the policy, unless its `accessRestrictions` leave the
 * permission out; only users (and none) reach the policy, here `decide`.
 * Tests then see what production does for services.
 */
export function backstagePermissions(
  decide: () => PolicyDecide,
  /** The policy's answer to a query without a resource (a user's), if not `decide`'s. */
  conditional: () => PolicyDecision | undefined = () => undefined,
) {
  const decisionFor = (
    permission: Permission,
    resourceRef: string | undefined,
    options?: PermissionsServiceRequestOptions,
  ) => {
    const credentials =
      options && 'credentials' in options
        ? (options.credentials as BackstageCredentials)
        : undefined;
    const principal = credentials?.principal as
      | {
          type: string;
          accessRestrictions?: {
            permissionNames?: string[];
            permissionAttributes?: { action?: string[] };
          };
        }
      | undefined;
    if (principal?.type === 'service') {
      const { permissionNames, permissionAttributes } =
        principal.accessRestrictions ?? {};
      if (permissionNames && !permissionNames.includes(permission.name))
        return AuthorizeResult.DENY;
      const action = permission.attributes?.action;
      if (
        permissionAttributes?.action &&
        (!action || !permissionAttributes.action.includes(action))
      )
        return AuthorizeResult.DENY;
      return AuthorizeResult.ALLOW;
    }
    return decide()(permission.name, resourceRef);
  };
  return mockServices.permissions.mock({
    authorize: async (requests, options) =>
      requests.map(r => ({
        result: decisionFor(
          r.permission,
          'resourceRef' in r ? (r.resourceRef as string) : undefined,
          options,
        ),
      })),
    authorizeConditional: async (queries, options) =>
      queries.map(q => {
        const result = decisionFor(q.permission, undefined, options);
        const isUser =
          (options?.credentials?.principal as { type?: string } | undefined)
            ?.type === 'user';
        return (isUser && conditional()) || { result };
      }) as any,
  });
}
