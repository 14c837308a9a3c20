import fs from 'node:fs';
import { KubeConfig, type Cluster } from '@kubernetes/client-node';
import type { KargoInstanceConfig } from '../config';
import { useRotatingTokenFile } from './kubeconfigTokenFile';

/**
 * Directory prepended to Kubernetes' service-account mount
 * (`/var/run/secrets/kubernetes.io/serviceaccount`) with `authProvider:
 * inCluster`: for tests, or a pod that mounts the token elsewhere.
 *
 * @public
 */
export const IN_CLUSTER_ROOT_ENV = 'KARGO_IN_CLUSTER_ROOT';

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * Builds the KubeConfig of one instance. Everything TLS- and auth-related is
 * left to `@kubernetes/client-node`, which applies it per request (no global
 * agent, no process-wide TLS switch). In-cluster tokens are read through its
 * token-file authenticator, which re-reads the file every minute (bound
 * service-account tokens rotate).
 *
 * @throws Error naming the instance when the kubeconfig, its context or the
 * in-cluster environment is unusable: a startup error, not a request error.
 *
 * @public
 */
export function createKubeConfig(instance: KargoInstanceConfig): KubeConfig {
  const env = process.env;
  const kc = new KubeConfig();
  const at = `Kargo instance '${instance.name}'`;
  if (instance.authProvider === 'inCluster') {
    const root = env[IN_CLUSTER_ROOT_ENV] ?? '';
    if (!instance.url && !env.KUBERNETES_SERVICE_HOST) {
      throw new Error(
        `${at}: authProvider inCluster needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT (set in every pod), or a url`,
      );
    }
    const tokenFile = `${root}${SERVICE_ACCOUNT_DIR}/token`;
    if (!fs.existsSync(tokenFile)) {
      throw new Error(
        `${at}: authProvider inCluster found no service account token at ${tokenFile}`,
      );
    }
    kc.loadFromCluster(root);
    return applyOverrides(kc, instance);
  }
  if (instance.authProvider === 'kubeconfig') {
    try {
      if (instance.kubeconfig?.path) {
        kc.loadFromFile(instance.kubeconfig.path);
      } else {
        kc.loadFromDefault();
      }
    } catch (e) {
      throw new Error(
        `${at}: cannot read kubeconfig.path ${
          instance.kubeconfig?.path ??
          '(default: $KUBECONFIG or ~/.kube/config)'
        }: ${(e as Error).message}`,
      );
    }
    const context = instance.kubeconfig?.context;
    if (context) {
      if (!kc.getContextObject(context)) {
        throw new Error(
          `${at}: kubeconfig.context '${context}' is not in the kubeconfig (contexts: ${kc.contexts
            .map(c => c.name)
            .join(', ')})`,
        );
      }
      kc.setCurrentContext(context);
    }
    if (!kc.getCurrentCluster() || !kc.getCurrentUser()) {
      throw new Error(
        `${at}: the kubeconfig's context '${kc.getCurrentContext()}' names no cluster or user`,
      );
    }
    if (instance.kubeconfig?.path) {
      useRotatingTokenFile(kc, instance.kubeconfig.path);
    }
    return applyOverrides(kc, instance);
  }
  kc.loadFromClusterAndUser(
    {
      name: instance.name,
      server: instance.url,
      caData: instance.caData,
      caFile: instance.caFile,
      skipTLSVerify: instance.skipTLSVerify || isPlainHttp(instance.url),
    },
    { name: `${instance.name}-backstage`, token: instance.serviceAccountToken },
  );
  return kc;
}

/**
 * With inCluster/kubeconfig auth, the instance's `url`, `caData`, `caFile`
 * and `skipTLSVerify` win over what the pod or kubeconfig says (a proxy in
 * front, a private CA): each one on its own, with or without `url`. The
 * user (token, token file, exec plugin, client certificate) is kept.
 */
function applyOverrides(kc: KubeConfig, instance: KargoInstanceConfig) {
  const current = kc.getCurrentCluster() as Cluster;
  const server = instance.url || current.server;
  let ca: Pick<Cluster, 'caData' | 'caFile'> = {
    caData: current.caData,
    caFile: current.caFile,
  };
  // client-node prefers caFile over caData: an override clears the other.
  if (instance.caData) ca = { caData: instance.caData, caFile: undefined };
  else if (instance.caFile) ca = { caData: undefined, caFile: instance.caFile };
  const cluster: Cluster = {
    ...current,
    server,
    ...ca,
    skipTLSVerify:
      instance.skipTLSVerify || current.skipTLSVerify || isPlainHttp(server),
  };
  kc.clusters = kc.clusters.map(c => (c.name === current.name ? cluster : c));
  return kc;
}

// @kubernetes/client-node refuses an http: server unless skipTLSVerify is
// set, although there is no TLS to verify. Plain HTTP is for local sandboxes
// and kubectl proxies (readKargoConfig warns about it elsewhere).
function isPlainHttp(url: string): boolean {
  return url.startsWith('http:');
}
