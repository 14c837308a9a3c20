import { kargoServiceWriteScopes } from './serviceWriters';
import {
  coreServices,
  createServiceFactory,
  createServiceRef,
} from '@backstage/backend-plugin-api';
import { kargoServiceRef } from '../refs';
import { AuthorizedKargoCommands } from './AuthorizedKargoCommands';
import { createKargoCommandHandlers } from './commandHandlers';
import type { KargoCommandService } from './types';

/**
 * The one write pipeline to Kargo (promote, reverify, abort verification,
 * abort a Promotion, approve Freight, refresh, open and close pull
 * requests), built on `kargoServiceRef` and wrapped once by authorize +
 * audit + write listeners. The Kargo backend plugin (REST routes,
 * MCP tools) and the scaffolder module list it in their `deps`.
 *
 * @public
 */
export const kargoCommandsServiceRef = createServiceRef<KargoCommandService>({
  id: 'kargo.commands',
  scope: 'plugin',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: {
        logger: coreServices.logger,
        config: coreServices.rootConfig,
        permissions: coreServices.permissions,
        auditor: coreServices.auditor,
        kargo: kargoServiceRef,
      },
      factory: ({ logger, config, permissions, auditor, kargo }) =>
        new AuthorizedKargoCommands({
          serviceWriters: kargoServiceWriteScopes(config),
          kargo,
          handlers: createKargoCommandHandlers(kargo, {
            allowedRepositories:
              config.getOptionalStringArray(
                'kargo.pullRequests.allowedRepositories',
              ) ?? [],
          }),
          permissions,
          auditor,
          logger,
        }),
    }),
});
