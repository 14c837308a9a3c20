import { createExtensionPoint } from '@backstage/backend-plugin-api';
import type { GitProvider } from './GitProvider';

/**
 * Lets a backend module of the `kargo` plugin add a Git provider (Gitea,
 * Azure DevOps, a Bitbucket Data Center...) without changing this package:
 *
 * ```ts
 * createBackendModule({
 *   pluginId: 'kargo',
 *   moduleId: 'gitea',
 *   register(env) {
 *     env.registerInit({
 *       deps: { providers: kargoGitProvidersExtensionPoint, config: coreServices.rootConfig },
 *       async init({ providers, config }) {
 *         providers.addGitProvider(GiteaProvider.fromConfig(config));
 *       },
 *     });
 *   },
 * });
 * ```
 *
 * The provider implements {@link GitProvider}; hosts no built-in provider
 * handles are asked of it. Its PRs/MRs appear in the Pull requests tab worded
 * by kargo-common's `pullRequestTerms(name)`.
 *
 * @public
 */
export interface KargoGitProvidersExtensionPoint {
  addGitProvider(provider: GitProvider): void;
}

/** @public */
export const kargoGitProvidersExtensionPoint =
  createExtensionPoint<KargoGitProvidersExtensionPoint>({
    id: 'kargo.git-providers',
  });
