import request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  ENTITY,
  userHeader,
  type kargoConfig,
  type ReliabilityBackend,
} from './harness';

/** The policy's conditions for a user allowed the checkout project only. */
export const CHECKOUT_ONLY: PolicyDecision = {
  result: AuthorizeResult.CONDITIONAL,
  pluginId: 'kargo',
  resourceType: 'kargo-stage',
  conditions: {
    rule: 'IS_IN_PROJECT',
    resourceType: 'kargo-stage',
    params: { projects: ['checkout'] },
  },
};

/** A catalog entity annotated with a Kargo project. */
export const annotated = (name: string, project: string): Entity => ({
  ...ENTITY,
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': project },
  },
});

/** A GET of the kargo plugin's API, as alice unless told. */
export const getKargo = (
  backend: ReliabilityBackend,
  path: string,
  auth: string = userHeader(),
) =>
  request(backend.server).get(`/api/kargo${path}`).set('Authorization', auth);

/** The Authorization header of a service principal calling the kargo plugin. */
export const serviceHeader = (subject: string) =>
  mockCredentials.service.header({
    onBehalfOf: mockCredentials.service(subject),
    targetPluginId: 'kargo',
  });

/** A service principal and the projects `kargo.access.services` gives it. */
export type ServiceAccess = {
  subject: string;
  projects: string[];
  raw?: boolean;
};

/** The config with these services given access (`kargo.access.services`). */
export function withServices(
  config: ReturnType<typeof kargoConfig>,
  services: ServiceAccess[],
) {
  return { ...config, kargo: { ...config.kargo, access: { services } } };
}
