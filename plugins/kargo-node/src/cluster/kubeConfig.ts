import { KubeConfig } from '@kubernetes/client-node';
import type { KargoInstanceConfig } from '../config';

/**
 * Builds the KubeConfig of one instance. Everything TLS- and auth-related is
 * left to @kubernetes/client-node, which applies it per request (no global
 * agent, no process-wide TLS switch).
 */
export function createKubeConfig(instance: KargoInstanceConfig): KubeConfig {
  const kc = new KubeConfig();
  if (instance.authProvider === 'inCluster') {
    kc.loadFromCluster();
    return overrideServer(kc, instance);
  }
  if (instance.authProvider === 'kubeconfig') {
    if (instance.kubeconfig?.path) {
      kc.loadFromFile(instance.kubeconfig.path);
    } else {
      kc.loadFromDefault();
    }
    if (instance.kubeconfig?.context) {
      kc.setCurrentContext(instance.kubeconfig.context);
    }
    return overrideServer(kc, instance);
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

// With inCluster/kubeconfig auth, an explicit `url` (and TLS settings) still
// win over the discovered server: useful behind a proxy.
function overrideServer(kc: KubeConfig, instance: KargoInstanceConfig) {
  const current = kc.getCurrentCluster();
  if (!current || !instance.url) return kc;
  const user = kc.getCurrentUser();
  if (!user) return kc;
  const next = new KubeConfig();
  next.loadFromClusterAndUser(
    {
      ...current,
      name: current.name,
      server: instance.url,
      caData: instance.caData ?? current.caData,
      caFile: instance.caFile ?? current.caFile,
      skipTLSVerify:
        instance.skipTLSVerify || current.skipTLSVerify || isPlainHttp(instance.url),
    },
    user,
  );
  return next;
}

// @kubernetes/client-node refuses an http: server unless skipTLSVerify is
// set, although there is no TLS to verify. Plain HTTP is for local sandboxes
// and kubectl proxies (readKargoConfig warns about it elsewhere).
function isPlainHttp(url: string): boolean {
  return url.startsWith('http:');
}
