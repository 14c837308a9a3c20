import type {
  BackstageCredentials,
  BackstageServicePrincipal,
  PermissionsServiceRequestOptions,
} from '@backstage/backend-plugin-api';

function principalOf(options?: PermissionsServiceRequestOptions) {
  const credentials =
    options && 'credentials' in options
      ? (options.credentials as BackstageCredentials)
      : undefined;
  return credentials?.principal as
    | { type?: string; userEntityRef?: string }
    | undefined;
}

/** The user entity ref an authorize call is made for, if a user's. */
export function userOf(
  options?: PermissionsServiceRequestOptions,
): string | undefined {
  const principal = principalOf(options);
  return principal?.type === 'user' ? principal.userEntityRef : undefined;
}

/** The service principal an authorize call is made for, if a service's. */
export function servicePrincipal(
  options?: PermissionsServiceRequestOptions,
): BackstageServicePrincipal | undefined {
  const principal = principalOf(options);
  return principal?.type === 'service'
    ? (principal as BackstageServicePrincipal)
    : undefined;
}
