import {
  coreServices,
  createServiceFactory,
  createServiceRef,
} from '@backstage/backend-plugin-api';
import { DefaultKargoService } from './DefaultKargoService';
import type { KargoService } from './types';

/**
 * The shared Kargo service: cluster clients per configured instance and the
 * pull request service. The Kargo backend plugin and its catalog and
 * scaffolder modules list it in their `deps`.
 *
 * @public
 */
export const kargoServiceRef = createServiceRef<KargoService>({
  id: 'kargo.service',
  scope: 'plugin',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: { config: coreServices.rootConfig, logger: coreServices.logger },
      factory: ({ config, logger }) =>
        DefaultKargoService.fromConfig({ config, logger }),
    }),
});
