import {
  createApiRef,
  type ConfigApi,
  type OpenIdConnectApi,
} from '@backstage/core-plugin-api';

/**
 * The header that carries the signed-in person's OIDC ID token to the Kargo
 * backend on writes (beside Backstage's own `Authorization`); the backend
 * forwards it to the instance's Kargo API only.
 *
 * @public
 */
export const KARGO_AUTHORIZATION_HEADER = 'Backstage-Kargo-Authorization';

/**
 * As whom writes to a Kargo instance are made, from the browser's point of
 * view. Never carries a token.
 *
 * - `portal`: the instance writes with the portal's Kargo API token
 *   (`api.identity: portal`); no token from the person is needed.
 * - `user`: the person's ID token from the Backstage auth provider
 *   `provider` (`api.authProvider`); `signedIn` says whether there is a
 *   session with it now. Without a configured or registered provider
 *   (`provider` undefined) the backend decides (the portal token, or a refusal).
 *
 * @public
 */
export type KargoWriteIdentity =
  | { type: 'portal' }
  | {
      type: 'user';
      provider?: string;
      /** The provider's title for people, else its id. */
      providerTitle?: string;
      signedIn: boolean;
    };

/**
 * Gets the signed-in person's OIDC ID token for writes to a Kargo instance,
 * from the Backstage auth API its config names
 * (`kargo.instances[].api.authProvider`). Never opens a sign-in popup.
 *
 * @public
 */
export interface KargoAuthApi {
  /** As whom a write to the instance (default: the first) would be made. */
  getWriteIdentity(instance?: string): Promise<KargoWriteIdentity>;
  /**
   * The ID token to send with a write to the instance, or undefined when
   * none is needed (identity `portal`) or there is no session.
   */
  getIdToken(instance?: string): Promise<string | undefined>;
  /**
   * The ID token to send with reads of the instance (default: the first
   * instance that sets it) where Kargo authorizes reads
   * (`api.authorizeReads`), else undefined. Optional: an implementation
   * without it sends none, and such instances show a person nothing.
   */
  getReadToken?(instance?: string): Promise<string | undefined>;
}

/**
 * The Kargo auth API; the plugin registers {@link KargoAuthProviders} with
 * Backstage's google, microsoft, okta and onelogin APIs, and an app
 * overrides it to add its own provider.
 *
 * @public
 */
export const kargoAuthApiRef = createApiRef<KargoAuthApi>({
  id: 'plugin.kargo.auth',
});

/**
 * An auth provider the Kargo plugin may ask for ID tokens: the API, and
 * optionally its title for people ("Sign in with <title> to act in Kargo").
 *
 * @public
 */
export type KargoOidcProvider =
  | OpenIdConnectApi
  | { api: OpenIdConnectApi; title?: string };

interface InstanceAuth {
  name: string;
  identity: 'user' | 'portal';
  authProvider?: string;
  authorizeReads: boolean;
}

/**
 * The default {@link KargoAuthApi}: like Backstage Kubernetes plugin's
 * `KubernetesAuthProviders`, a map from provider id (config
 * `api.authProvider`) to an `OpenIdConnectApi`. The plugin registers
 * google, microsoft, okta and onelogin; an app adds its own providers (e.g.
 * `oidc`) by overriding the API (see the README).
 *
 * @public
 */
export class KargoAuthProviders implements KargoAuthApi {
  private readonly instances: InstanceAuth[];
  private readonly providers: Map<
    string,
    { api: OpenIdConnectApi; title?: string }
  >;

  constructor(options: {
    configApi: ConfigApi;
    oidcProviders: Record<string, KargoOidcProvider | undefined>;
  }) {
    this.instances = readInstances(options.configApi);
    this.providers = new Map();
    for (const [id, provider] of Object.entries(options.oidcProviders)) {
      if (!provider) continue;
      this.providers.set(
        id,
        'api' in provider ? provider : { api: provider, title: undefined },
      );
    }
  }

  async getWriteIdentity(instance?: string): Promise<KargoWriteIdentity> {
    const config = this.instanceConfig(instance);
    if (config?.identity === 'portal') return { type: 'portal' };
    const id = config?.authProvider;
    const provider = id ? this.providers.get(id) : undefined;
    if (!id || !provider) return { type: 'user', signedIn: false };
    const token = await this.sessionToken(provider.api);
    return {
      type: 'user',
      provider: id,
      providerTitle: provider.title ?? id,
      signedIn: !!token,
    };
  }

  async getIdToken(instance?: string): Promise<string | undefined> {
    const config = this.instanceConfig(instance);
    if (config?.identity === 'portal' || !config?.authProvider) {
      return undefined;
    }
    const provider = this.providers.get(config.authProvider);
    return provider ? this.sessionToken(provider.api) : undefined;
  }

  async getReadToken(instance?: string): Promise<string | undefined> {
    const config =
      instance === undefined
        ? this.instances.find(i => i.authorizeReads)
        : this.instanceConfig(instance);
    if (!config?.authorizeReads || !config.authProvider) return undefined;
    const provider = this.providers.get(config.authProvider);
    return provider ? this.sessionToken(provider.api) : undefined;
  }

  private instanceConfig(instance?: string): InstanceAuth | undefined {
    if (instance === undefined) return this.instances[0];
    return this.instances.find(i => i.name === instance);
  }

  /** The current session's ID token, without a popup; undefined without one. */
  private async sessionToken(
    api: OpenIdConnectApi,
  ): Promise<string | undefined> {
    try {
      return (await api.getIdToken({ optional: true })) || undefined;
    } catch {
      // A provider that fails to refresh counts as no session: the person
      // is asked to sign in, never shown the provider's error.
      return undefined;
    }
  }
}

function readInstances(configApi: ConfigApi): InstanceAuth[] {
  const instances = configApi.getOptionalConfigArray('kargo.instances') ?? [];
  return instances.map(instance => {
    const identity = instance.getOptionalString('api.identity');
    return {
      name: instance.getString('name'),
      identity: identity === 'portal' ? 'portal' : 'user',
      authProvider: instance.getOptionalString('api.authProvider'),
      authorizeReads:
        instance.getOptionalBoolean('api.authorizeReads') ?? false,
    };
  });
}
