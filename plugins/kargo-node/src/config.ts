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
