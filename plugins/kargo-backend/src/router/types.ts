import type { ApiRouter } from '@backstage/backend-openapi-utils';
import type { spec } from '../schema/openapi/generated/router';
import type {
  AuditorService,
  HttpAuthService,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type {
  KargoCommandService,
  KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import type { ProjectSignalChannels } from '../services/snapshot/signalChannels';
import type { SnapshotService } from '../services/snapshot/SnapshotService';

/** Everything the router needs; all required (built in plugin.ts). */
export interface RouterOptions {
  logger: LoggerService;
  httpAuth: HttpAuthService;
  /** Backstage's, with service principals' reads scoped (permissions/serviceAccess.ts). */
  permissions: PermissionsService;
  /** The same for `/snapshot`, where the catalog module reads by default. */
  snapshotPermissions: PermissionsService;
  auditor: AuditorService;
  catalog: CatalogService;
  kargo: KargoService;
  snapshots: SnapshotService;
  /** The one write pipeline: authorize, audit, write through Kargo, refresh. */
  commands: KargoCommandService;
  /** Handed out only in answers that checked `kargo.stage.read`. */
  signalChannels: ProjectSignalChannels;
}

/** The express router typed by the OpenAPI document (src/schema/openapi.yaml). */
export type KargoApiRouter = ApiRouter<typeof spec>;
