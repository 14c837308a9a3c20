import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { ScmIntegrations } from '@backstage/integration';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import {
  kargoCommandsServiceRef,
  kargoServiceRef,
} from '@kargo-backstage/plugin-kargo-node';
import {
  createKargoPromoteAction,
  createKargoPromotionAbortAction,
  createKargoPullRequestOpenAction,
  createKargoReverifyAction,
  createKargoApproveFreightAction,
  createKargoPullRequestCloseAction,
} from './actions';

/**
 * Registers the Kargo scaffolder actions `kargo:promote`, `kargo:reverify`,
 * `kargo:pull-request:open`, `kargo:pull-request:close`,
 * `kargo:promotion:abort` and `kargo:freight:approve`, built on the shared
 * Kargo service.
 *
 * @public
 */
export const scaffolderModuleKargo = createBackendModule({
  pluginId: 'scaffolder',
  moduleId: 'kargo',
  register(env) {
    env.registerInit({
      deps: {
        scaffolder: scaffolderActionsExtensionPoint,
        kargo: kargoServiceRef,
        commands: kargoCommandsServiceRef,
        permissions: coreServices.permissions,
        config: coreServices.rootConfig,
        auditor: coreServices.auditor,
      },
      async init({
        scaffolder,
        kargo,
        commands,
        permissions,
        config,
        auditor,
      }) {
        const integrations = ScmIntegrations.fromConfig(config);
        const common = {
          kargo,
          commands,
          permissions,
          auditor,
          allowServicePrincipals:
            config.getOptionalBoolean(
              'kargo.scaffolder.allowServicePrincipals',
            ) ?? false,
        };
        scaffolder.addActions(
          createKargoPromoteAction(common),
          createKargoReverifyAction(common),
          // Its kargo.pullRequests.allowedRepositories are the write
          // pipeline's (kargoCommandsServiceRef reads them).
          createKargoPullRequestOpenAction({ ...common, integrations }),
          createKargoPromotionAbortAction(common),
          createKargoApproveFreightAction(common),
          createKargoPullRequestCloseAction(common),
        );
      },
    });
  },
});
