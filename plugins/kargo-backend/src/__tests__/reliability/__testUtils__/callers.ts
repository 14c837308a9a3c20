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
  type Decision,
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

/** The policy of a user who may read everything but payments. */
export const paymentsHidden = (permission: string, ref?: string): Decision =>
  permission.startsWith('kargo.') && ref?.startsWith('sandbox/payments/')
    ? AuthorizeResult.DENY
    : AuthorizeResult.ALLOW;

/**
 * A catalog entity annotated with a Kargo project (or a comma-separated
 * list), and with a list of Stage names if given.
 */
export const annotated = (
  name: string,
  project: string,
  stages?: string,
): Entity => ({
  ...ENTITY,
  metadata: {
    name,
    namespace: 'default',
    annotations: {
      'kargo.akuity.io/project': project,
      ...(stages === undefined ? {} : { 'kargo.akuity.io/stages': stages }),
    },
  },
});

/**
 * An attacker's registrations probing for a project: one entity naming
 * payments (hidden from a caller under paymentsHidden), one naming a project
 * that does not exist.
 */
export const PROBES: Entity[] = [
  annotated('probe-payments', 'payments'),
  annotated('probe-nope', 'no-such-project'),
];

/** The entity route's Stages of the PROBES entities. */
export const PROBE_STAGES = {
  hidden: '/entities/component/default/probe-payments/stages',
  missing: '/entities/component/default/probe-nope/stages',
};

/**
 * An answer's body with a project's name replaced, to compare what a hidden
 * project's caller sees with what a missing one's does.
 */
export const neutral = (res: request.Response, name: string) =>
  JSON.parse(JSON.stringify(res.body).replaceAll(name, '<name>'));

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
