import { mockServices } from '@backstage/backend-test-utils';
import { CatalogClient } from '@backstage/catalog-client';
import type { Entity } from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { CatalogAudience } from '../recipients';

/** A Component naming the payments project, owned by `owner`. */
export const paymentsComponent = (name: string, owner: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'payments' },
  },
  spec: { type: 'service', lifecycle: 'production', owner },
});

/** Alice, the one member of the payments team. */
export const ALICE_OF_PAYMENTS_TEAM: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'User',
  metadata: { name: 'alice', namespace: 'default' },
  spec: {},
  relations: [{ type: 'memberOf', targetRef: 'group:default/payments-team' }],
};

/**
 * The notifier's audience asking a catalog served on `port` through
 * Backstage's real CatalogClient (its URLs, its unescaped filters).
 */
export function audienceOverHttp(port: number): CatalogAudience {
  const client = new CatalogClient({
    discoveryApi: {
      getBaseUrl: async () => `http://127.0.0.1:${port}/api/catalog`,
    },
  });
  const catalog = {
    getEntities: (request: Parameters<CatalogClient['getEntities']>[0]) =>
      client.getEntities(request),
  } as unknown as CatalogService;
  return new CatalogAudience({
    catalog,
    auth: mockServices.auth(),
    defaultInstance: 'sandbox',
  });
}
