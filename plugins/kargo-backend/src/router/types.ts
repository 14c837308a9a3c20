import type {
  AuditorService,
  HttpAuthService,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import type { VerificationActionsService } from '../services/VerificationActionsService';

/** Everything the router needs; all required (built in plugin.ts). */
export interface RouterOptions {
  logger: LoggerService;
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  auditor: AuditorService;
  catalog: CatalogService;
  kargo: KargoService;
  snapshots: SnapshotService;
  actions: VerificationActionsService;
}
