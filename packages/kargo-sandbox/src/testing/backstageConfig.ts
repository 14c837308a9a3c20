import type { Sandbox } from '../sandbox';

/** Options for {@link sandboxBackstageConfig}. */
export interface SandboxBackstageConfigOptions {
  /** Name of the Kargo instance. Default `sandbox`. */
  instanceName?: string;
  /** Kubernetes token; default the demo admin token (`sandbox-admin-token`). */
  serviceAccountToken?: string;
  /** Kargo UI base to link to; left out unless given. */
  kargoUrl?: string;
}

/**
 * Backstage config data (`kargo` + `integrations`) pointing at a started
 * sandbox with the demo tokens, so tests do not each spell it out. Spread
 * it into a larger config object to add other sections.
 */
export function sandboxBackstageConfig(
  sandbox: Pick<
    Sandbox,
    'url' | 'githubApiUrl' | 'gitlabUrl' | 'bitbucketApiUrl'
  >,
  options: SandboxBackstageConfigOptions = {},
) {
  const {
    instanceName = 'sandbox',
    serviceAccountToken = 'sandbox-admin-token',
    kargoUrl,
  } = options;
  return {
    kargo: {
      instances: [
        {
          name: instanceName,
          url: sandbox.url,
          serviceAccountToken,
          ...(kargoUrl ? { kargoUrl } : {}),
        },
      ],
    },
    integrations: {
      github: [
        {
          host: 'github.com',
          apiBaseUrl: sandbox.githubApiUrl,
          token: 'sandbox-github-token',
        },
      ],
      gitlab: [
        {
          host: 'gitlab.example.com',
          baseUrl: sandbox.gitlabUrl,
          apiBaseUrl: `${sandbox.gitlabUrl}/api/v4`,
          token: 'sandbox-gitlab-token',
        },
      ],
      // Backstage's reader fixes apiBaseUrl to api.bitbucket.org; kargo-node
      // honours one written here (docs/configuration.md).
      bitbucketCloud: [
        {
          apiBaseUrl: sandbox.bitbucketApiUrl,
          token: 'sandbox-bitbucket-token',
        },
      ],
    },
  };
}
