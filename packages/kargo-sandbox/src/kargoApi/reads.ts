/**
 * The Kargo REST reads the plugin uses, each matching its akuity/kargo
 * v1.11.2 handler in pkg/server.
 */
import type { KubeObject } from '../kube/store';
import type { Answer, Call } from './handlers';

/**
 * `GET /v1beta1/projects/{project}/stages` (list_stages_v1alpha1.go
 * listStagesByWarehouses): the caller's `list stages` in the namespace is
 * authorized first (listForWatchSeed's authorizeFn), then the list is
 * filtered by `freightOrigins` (pkg/api/stage.go StageMatchesAnyWarehouse:
 * a requested origin of kind Warehouse with one of those names) and sorted
 * by name. A StageList.
 */
export async function listStages(c: Call): Promise<Answer> {
  const { project } = c.params;
  const warehouses = c.query.getAll('freightOrigins');
  const items = c.objects
    .list('stages', project)
    .filter(
      stage =>
        warehouses.length === 0 ||
        requestedOrigins(stage).some(
          o => o?.kind === 'Warehouse' && warehouses.includes(o.name ?? ''),
        ),
    )
    // strings.Compare: byte order, not the locale's.
    .sort((a, b) => {
      const [x, y] = [String(a.metadata.name), String(b.metadata.name)];
      return x < y ? -1 : Number(x > y);
    });
  return {
    status: 200,
    body: {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'StageList',
      metadata: {},
      items,
    },
  };
}

type Origin = { kind?: string; name?: string } | undefined;

function requestedOrigins(stage: KubeObject): Origin[] {
  const requested = (
    stage.spec as { requestedFreight?: Array<{ origin?: Origin }> }
  )?.requestedFreight;
  return Array.isArray(requested) ? requested.map(r => r?.origin) : [];
}
