import { Config } from '@backstage/config';

/** How Backstage authenticates to an instance's cluster. @public */
export type KargoAuthProvider = 'serviceAccount' | 'kubeconfig' | 'inCluster';

/**
 * One `kargo.instances[]` entry, validated. Holds credentials: never log it
 * or send it anywhere but to its cluster.
 *
 * @public
 */
export interface KargoInstanceConfig {
  name: string;
  url: string;
  authProvider: KargoAuthProvider;
  serviceAccountToken?: string;
  kubeconfig?: { path?: string; context?: string };
  caData?: string;
  caFile?: string;
  skipTLSVerify: boolean;
  kargoUrl: string | null;
  /** Base URL of the Argo CD UI the instance's Stages update Applications in (`argocd.url`). */
  argocdUrl?: string | null;
  /** Kargo's REST API, when configured. */
  api?: KargoApiConfig;
  /**
   * How writes reach Kargo; readKargoConfig always sets it. Absent (an
   * instance built by hand): `kargoApi` with `api`, else `none`.
   */
  writes?: KargoWriteMode;
}

/**
 * As whom writes through Kargo's REST API are made: `user` (the signed-in
 * person's ID token; the portal's token only where no person is present) or
 * `portal` (always the portal's Kargo API token).
 *
 * @public
 */
export type KargoApiIdentityMode = 'user' | 'portal';

/**
 * How writes reach Kargo: through its REST API (`kargoApi`), straight to the
 * Kubernetes API with the cluster's service account (`kubernetes`, the
 * explicit fallback: Kargo then records that account), or not at all.
 *
 * @public
 */
export type KargoWriteMode = 'kargoApi' | 'kubernetes' | 'none';

/**
 * An instance's `api` block: Kargo's REST API server. Holds a credential
 * (`token`): never log it or send it anywhere but to `url`'s origin.
 *
 * @public
 */
export interface KargoApiConfig {
  /** Base URL without a trailing slash; the client appends `/v1beta1/...`. */
  url: string;
  identity: KargoApiIdentityMode;
  /** The Backstage auth provider whose ID token Kargo accepts (identity user). */
  authProvider?: string;
  /** The portal's Kargo API token (a role-bound ServiceAccount token). */
  token?: string;
  /**
   * Whether a person's reads are authorized by Kargo too: a project's Stages
   * only where Kargo lists them to that person (needs `authProvider`).
   */
  authorizeReads: boolean;
  /** Base64 PEM bundle of the certificate authorities to trust. */
  caData?: string;
  skipTLSVerify: boolean;
}

/** @public */
export interface KargoConfig {
  instances: KargoInstanceConfig[];
}

// Instance names appear in query strings, permission resource refs
// (`<instance>/<project>/<stage>`) and catalog annotations: keep them plain.
const INSTANCE_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const AUTH_PROVIDERS: KargoAuthProvider[] = [
  'serviceAccount',
  'kubeconfig',
  'inCluster',
];

function readUrl(value: string, key: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${key} must be an absolute http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${key} must be an http(s) URL, got '${value}'`);
  }
  return value.replace(/\/+$/, '');
}

const IDENTITIES: KargoApiIdentityMode[] = ['user', 'portal'];
const WRITES: KargoWriteMode[] = ['kargoApi', 'kubernetes'];

function readApi(
  c: Config | undefined,
  at: string,
  name: string,
): KargoApiConfig | undefined {
  if (!c) return undefined;
  const url = c.getOptionalString('url');
  if (!url) {
    throw new Error(
      `${at}.api.url is required when api is set (instance '${name}'): the base URL of Kargo's API server, e.g. https://kargo.example.com`,
    );
  }
  const identity = (c.getOptionalString('identity') ??
    'user') as KargoApiIdentityMode;
  if (!IDENTITIES.includes(identity)) {
    throw new Error(
      `${at}.api.identity must be one of ${IDENTITIES.join(
        ', ',
      )}, got '${identity}'`,
    );
  }
  const authProvider = c.getOptionalString('authProvider');
  const token = c.getOptionalString('token');
  if (identity === 'user' && !authProvider) {
    throw new Error(
      `${at}.api.authProvider is required with identity user (instance '${name}'): the Backstage auth provider whose ID token Kargo accepts, e.g. oidc`,
    );
  }
  const authorizeReads = c.getOptionalBoolean('authorizeReads') ?? false;
  if (authorizeReads && !authProvider) {
    throw new Error(
      `${at}.api.authProvider is required with authorizeReads (instance '${name}'): Kargo is asked with the person's ID token from that provider`,
    );
  }
  if (identity === 'portal' && !token) {
    throw new Error(
      `${at}.api.token is required with identity portal (instance '${name}'): a Kargo API token for the portal`,
    );
  }
  return {
    url: readUrl(url, `${at}.api.url`),
    identity,
    authProvider,
    token,
    authorizeReads,
    caData: c.getOptionalString('caData'),
    skipTLSVerify: c.getOptionalBoolean('skipTLSVerify') ?? false,
  };
}

function readWrites(
  c: Config,
  at: string,
  name: string,
  api: KargoApiConfig | undefined,
): KargoWriteMode {
  const writes = c.getOptionalString('writes') as KargoWriteMode | undefined;
  if (writes === undefined) return api ? 'kargoApi' : 'none';
  if (!WRITES.includes(writes)) {
    throw new Error(
      `${at}.writes must be one of ${WRITES.join(', ')}, got '${writes}'`,
    );
  }
  if (writes === 'kargoApi' && !api) {
    throw new Error(
      `${at}.writes is kargoApi but the instance has no api block (instance '${name}'): set api.url`,
    );
  }
  return writes;
}

function readInstance(c: Config, index: number): KargoInstanceConfig {
  const at = `kargo.instances[${index}]`;
  const name = c.getOptionalString('name');
  if (!name) throw new Error(`${at}.name is required`);
  if (!INSTANCE_NAME.test(name)) {
    throw new Error(
      `${at}.name '${name}' is invalid: use lower-case letters, digits and dashes (at most 63 characters)`,
    );
  }
  const authProvider = (c.getOptionalString('authProvider') ??
    'serviceAccount') as KargoAuthProvider;
  if (!AUTH_PROVIDERS.includes(authProvider)) {
    throw new Error(
      `${at}.authProvider must be one of ${AUTH_PROVIDERS.join(
        ', ',
      )}, got '${authProvider}'`,
    );
  }
  const rawUrl = c.getOptionalString('url');
  // In-cluster and kubeconfig auth carry their own server address.
  if (!rawUrl && authProvider === 'serviceAccount') {
    throw new Error(`${at}.url is required (instance '${name}')`);
  }
  const serviceAccountToken = c.getOptionalString('serviceAccountToken');
  if (authProvider === 'serviceAccount' && !serviceAccountToken) {
    throw new Error(
      `${at}.serviceAccountToken is required with authProvider serviceAccount (instance '${name}')`,
    );
  }
  if (c.has('kubeconfig') && authProvider !== 'kubeconfig') {
    throw new Error(
      `${at}.kubeconfig is only read with authProvider kubeconfig (instance '${name}' uses ${authProvider})`,
    );
  }
  if (c.has('caData') && c.has('caFile')) {
    throw new Error(
      `${at}: set caData or caFile, not both (instance '${name}')`,
    );
  }
  const kargoUrl = c.getOptionalString('kargoUrl');
  const argocdUrl = c.getOptionalString('argocd.url');
  const api = readApi(c.getOptionalConfig('api'), at, name);
  return {
    name,
    url: rawUrl ? readUrl(rawUrl, `${at}.url`) : '',
    authProvider,
    serviceAccountToken,
    kubeconfig: c.has('kubeconfig')
      ? {
          path: c.getOptionalString('kubeconfig.path'),
          context: c.getOptionalString('kubeconfig.context'),
        }
      : undefined,
    caData: c.getOptionalString('caData'),
    caFile: c.getOptionalString('caFile'),
    skipTLSVerify: c.getOptionalBoolean('skipTLSVerify') ?? false,
    kargoUrl: kargoUrl ? readUrl(kargoUrl, `${at}.kargoUrl`) : null,
    argocdUrl: argocdUrl ? readUrl(argocdUrl, `${at}.argocd.url`) : null,
    api,
    writes: readWrites(c, at, name, api),
  };
}

/**
 * Reads and validates the `kargo` configuration once, at startup. Throws with
 * a message naming the faulty key (never a credential value).
 *
 * @public
 */
export function readKargoConfig(config: Config): KargoConfig {
  const kargo = config.getOptionalConfig('kargo');
  const instanceConfigs = kargo?.getOptionalConfigArray('instances') ?? [];
  if (instanceConfigs.length === 0) {
    throw new Error(
      'kargo.instances must list at least one Kargo instance (name, url, serviceAccountToken)',
    );
  }
  const instances = instanceConfigs.map(readInstance);
  const seen = new Set<string>();
  for (const { name } of instances) {
    if (seen.has(name)) {
      throw new Error(
        `kargo.instances: the name '${name}' is used more than once`,
      );
    }
    seen.add(name);
  }
  // `kargo.refresh` belongs to the backend plugin, which reads it.
  return { instances };
}
