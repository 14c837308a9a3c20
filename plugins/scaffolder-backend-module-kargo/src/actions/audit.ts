import type { AuditorService } from '@backstage/backend-plugin-api';

/**
 * What the actions need to record and gate who starts a write.
 *
 * @public
 */
export interface InitiatorPolicy {
  auditor: AuditorService;
  /**
   * Let tasks created by a service principal (not a person) write. Default
   * false: Kargo records a person as the actor, and a service token is no
   * person (`kargo.scaffolder.allowServicePrincipals`).
   */
  allowServicePrincipals?: boolean;
}
