import fs from 'node:fs';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';

interface RawKubeconfig {
  users?: Array<{ name?: string; user?: Record<string, unknown> }>;
}

/**
 * The token file kubectl would read for a kubeconfig user (`tokenFile`, or
 * `token-file`), resolved against the kubeconfig's directory as kubectl does.
 */
function tokenFileOf(kubeconfigPath: string, userName: string) {
  const raw = parse(fs.readFileSync(kubeconfigPath, 'utf8')) as RawKubeconfig;
  const user = raw?.users?.find(u => u?.name === userName)?.user;
  const file = user?.tokenFile ?? user?.['token-file'];
  if (typeof file !== 'string' || !file || user?.token) return undefined;
  return path.resolve(path.dirname(kubeconfigPath), file);
}

/**
 * @kubernetes/client-node ignores a kubeconfig user's `tokenFile` and reads
 * `token-file` once at load; a rotated (bound, hourly) token would then be
 * used until it is rejected. Hands the file to its token-file authenticator
 * instead, which re-reads it every minute, as the in-cluster config does.
 */
export function useRotatingTokenFile(kc: KubeConfig, kubeconfigPath: string) {
  const current = kc.getCurrentUser();
  const tokenFile = current && tokenFileOf(kubeconfigPath, current.name);
  if (!current || !tokenFile) return;
  kc.users = kc.users.map(u =>
    u.name === current.name
      ? {
          ...u,
          token: undefined,
          authProvider: { name: 'tokenFile', config: { tokenFile } },
        }
      : u,
  );
}
