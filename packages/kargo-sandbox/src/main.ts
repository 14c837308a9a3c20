/**
 * CLI: `kargo-sandbox [--fixtures DIR]... [--port P] [--token T] [--https-port P2]
 * [--write-ca FILE] [--write-kubeconfig FILE] [--step-delay MS]`. Prints its
 * URLs when ready; stops on SIGINT/SIGTERM.
 */
/* eslint-disable no-console */
import { parseArgs } from 'node:util';
import { DEMO_FIXTURES_DIR, LARGE_FIXTURES_DIR } from './fixtures';
import { DEMO_TOKENS } from './kube/auth';
import { writeSandboxFiles } from './kubeconfig';
import { startSandbox } from './sandbox';

async function main() {
  const { values } = parseArgs({
    options: {
      fixtures: { type: 'string', multiple: true },
      port: { type: 'string', default: '7008' },
      host: { type: 'string', default: '127.0.0.1' },
      token: { type: 'string' },
      'demo-tokens': { type: 'boolean' },
      'oidc-issuer': { type: 'string' },
      'control-plane-user-regex': { type: 'string' },
      'https-port': { type: 'string' },
      'step-delay': { type: 'string' },
      'write-ca': { type: 'string' },
      'write-kubeconfig': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: yarn sandbox [--fixtures DIR]... [--port 7008] [--token T] [--demo-tokens] [--https-port P]\n' +
        '  [--oidc-issuer URL] [--control-plane-user-regex RE]\n' +
        '  [--write-ca FILE] [--write-kubeconfig FILE] [--step-delay MS]\n' +
        'Without --fixtures: the demo scenarios and the 50-Stage project "edge".',
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a port number, got "${values.port}"`);
  }
  const demoTokens = values['demo-tokens'] ? DEMO_TOKENS : undefined;
  const sandbox = await startSandbox({
    port,
    host: values.host,
    fixtures: values.fixtures ?? [DEMO_FIXTURES_DIR, LARGE_FIXTURES_DIR],
    // With --token, T is an admin and the demo tokens keep working; without
    // it, the Kubernetes API asks for no token at all.
    // --demo-tokens: require the demo tokens (each with its username).
    tokens: values.token
      ? { ...DEMO_TOKENS, [values.token]: '*' }
      : demoTokens,
    oidcIssuer: values['oidc-issuer'],
    controlPlaneUserRegex: values['control-plane-user-regex'],
    httpsPort:
      values['https-port'] !== undefined
        ? Number(values['https-port'])
        : undefined,
    // A CA or kubeconfig to write implies HTTPS (on a free port unless given).
    https: Boolean(values['write-ca'] || values['write-kubeconfig']),
    stepDelayMs:
      values['step-delay'] !== undefined
        ? Number(values['step-delay'])
        : undefined,
    log: message => console.error(`[kargo-sandbox] ${message}`),
  });
  writeSandboxFiles(sandbox, {
    caFile: values['write-ca'],
    kubeconfigFile: values['write-kubeconfig'],
    token: values.token,
  });
  console.log(`Kargo sandbox ready
  Kubernetes API: ${sandbox.url}${
    sandbox.httpsUrl ? ` (https: ${sandbox.httpsUrl})` : ''
  }
  Kargo API:      ${sandbox.kargoApiUrl}/v1beta1 (writes: GET ${
    sandbox.url
  }/sandbox/kargo-api/stats)
  OpenID issuer:  ${sandbox.oidcIssuer} (users: ${sandbox.users
    .all()
    .map(u => u.email)
    .join(', ')})
  GitHub API:     ${sandbox.githubApiUrl}
  GitLab:         ${sandbox.gitlabUrl} (API ${sandbox.gitlabUrl}/api/v4)
  Bitbucket API:  ${sandbox.bitbucketApiUrl}
  Merge a PR:     curl -X POST ${
    sandbox.url
  }/sandbox/v1/github/<owner>/<repo>/pulls/<n>/merge
  Merge an MR:    curl -X POST ${
    sandbox.url
  }/sandbox/v1/gitlab/<group>/<project>/merge_requests/<iid>/merge${
    values['write-ca'] ? `\n  CA (PEM):       ${values['write-ca']}` : ''
  }${
    values['write-kubeconfig']
      ? `\n  kubeconfig:     ${values['write-kubeconfig']} (kubectl --kubeconfig ${values['write-kubeconfig']} get stages -A)`
      : ''
  }`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch(e => {
  console.error(`[kargo-sandbox] ${(e as Error).message}`);
  process.exit(1);
});
