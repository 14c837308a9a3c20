/**
 * Files a user (or a test) points kubectl and the plugin at: the generated CA
 * as PEM and a kubeconfig for the HTTPS listener, with its own context.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import type { Sandbox } from './sandbox';

/** The context (and cluster) name of {@link sandboxKubeconfig}. @public */
export const SANDBOX_CONTEXT = 'kargo-sandbox';

/** @public */
export interface SandboxKubeconfigOptions {
  /** Bearer token of the user; default the demo admin token. */
  token?: string;
  /** Context, cluster and user name; default `kargo-sandbox`. */
  context?: string;
}

/**
 * A kubeconfig (YAML) for the sandbox's HTTPS listener, trusting its CA.
 * Without HTTPS it points at the plain HTTP listener instead.
 *
 * @public
 */
export function sandboxKubeconfig(
  sandbox: Pick<Sandbox, 'url' | 'httpsUrl' | 'caData'>,
  options: SandboxKubeconfigOptions = {},
): string {
  const name = options.context ?? SANDBOX_CONTEXT;
  const cluster: Record<string, unknown> = {
    server: sandbox.httpsUrl ?? sandbox.url,
  };
  if (sandbox.httpsUrl && sandbox.caData) {
    cluster['certificate-authority-data'] = sandbox.caData;
  }
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster }],
    users: [{ name, user: { token: options.token ?? 'sandbox-admin-token' } }],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
  });
}

/** @public */
export interface SandboxFiles extends SandboxKubeconfigOptions {
  /** Where to write the CA certificate (PEM). */
  caFile?: string;
  /** Where to write the kubeconfig. */
  kubeconfigFile?: string;
}

/**
 * Writes the CA (PEM) and/or the kubeconfig; the kubeconfig is private to
 * the user (mode 600) since it holds a token.
 *
 * @public
 */
export function writeSandboxFiles(
  sandbox: Pick<Sandbox, 'url' | 'httpsUrl' | 'caData'>,
  files: SandboxFiles,
): void {
  if (files.caFile) {
    if (!sandbox.caData) {
      throw new Error('The sandbox serves no HTTPS: there is no CA to write');
    }
    fs.mkdirSync(path.dirname(files.caFile), { recursive: true });
    fs.writeFileSync(files.caFile, Buffer.from(sandbox.caData, 'base64'));
  }
  if (files.kubeconfigFile) {
    fs.mkdirSync(path.dirname(files.kubeconfigFile), { recursive: true });
    fs.writeFileSync(files.kubeconfigFile, sandboxKubeconfig(sandbox, files), {
      mode: 0o600,
    });
  }
}
