/**
 * A Warehouse's discovery, as Kargo v1.11.2's Warehouse reconciler does it
 * (pkg/controller/warehouses/warehouses.go, syncWarehouse): a new
 * `kargo.akuity.io/refresh` token makes it discover now (status
 * `lastHandledRefresh`); with freightCreationPolicy Automatic (or none) the
 * newest artifacts become Freight unless that Freight exists already
 * (`status.lastFreightID`). Freight is named as Kargo's GenerateFreightID
 * (the shared builders do that).
 *
 * The sandbox has no image registry or Git history to look at: what the
 * Warehouse's subscriptions "publish" is the JSON list in
 * {@link PUBLISHED_ANNOTATION} (oldest first), each entry one release of the
 * image subscription's tag and the Git subscription's commit.
 */
import { kargoObjects, sha1 } from '@kargo-backstage/kargo-test-objects';
import type { KubeObject } from '../kube/store';
import type { ControllerContext } from './context';

/** Sandbox only: the releases the Warehouse's sources publish, oldest first. */
export const PUBLISHED_ANNOTATION = 'sandbox.kargo-backstage.io/published';

interface Release {
  tag: string;
  message?: string;
}

const REFRESH = 'kargo.akuity.io/refresh';

// Kargo names Freight aliases adjective-animal (pkg/api/freight.go's
// alias generator); the sandbox picks them from the Freight's name.
const ADJECTIVES = ['brave', 'calm', 'eager', 'fresh', 'lucky', 'quiet'];
const ANIMALS = ['otter', 'heron', 'lynx', 'marten', 'puffin', 'wombat'];
const aliasOf = (name: string) => {
  const n = parseInt(name.slice(0, 8), 16) || 0;
  return `${ADJECTIVES[n % ADJECTIVES.length]}-${
    ANIMALS[(n >> 3) % ANIMALS.length]
  }`;
};

function published(warehouse: KubeObject): Release[] {
  try {
    const list = JSON.parse(
      warehouse.metadata.annotations?.[PUBLISHED_ANNOTATION] ?? '[]',
    );
    return Array.isArray(list)
      ? list.filter(r => typeof r?.tag === 'string')
      : [];
  } catch {
    return [];
  }
}

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** Reconciles one Warehouse: discovers when asked to refresh. */
export function reconcileWarehouse(
  ctx: ControllerContext,
  warehouse: KubeObject,
): void {
  const token = warehouse.metadata.annotations?.[REFRESH];
  if (!token || token === warehouse.status?.lastHandledRefresh) return;
  const { namespace, name } = warehouse.metadata;
  const ns = namespace!;
  const latest = published(warehouse).at(-1);
  const subscriptions: any[] = warehouse.spec?.subscriptions ?? [];
  const image = subscriptions.find(s => s.image)?.image?.repoURL;
  const repoURL = subscriptions.find(s => s.git)?.git?.repoURL;
  const policy = warehouse.spec?.freightCreationPolicy;
  let lastFreightID: string | undefined = warehouse.status?.lastFreightID;
  if (latest && image && repoURL && (policy === 'Automatic' || !policy)) {
    const built = kargoObjects({ epoch: Date.now() }).freight({
      project: ns,
      warehouse: name,
      alias: '',
      image,
      tag: latest.tag,
      repoURL,
      message: latest.message ?? `release ${latest.tag}`,
      minutes: 0,
      commit: sha1(`${repoURL}@${latest.tag}`),
    });
    if (!ctx.get(ctx.kinds.freight, ns, built.name)) {
      const alias = aliasOf(built.name);
      const { uid: _uid, ...metadata } = built.object.metadata;
      ctx.create(ctx.kinds.freight, {
        ...built.object,
        metadata: { ...metadata, labels: { 'kargo.akuity.io/alias': alias } },
        alias,
        status: {},
      } as unknown as KubeObject);
      ctx.log(
        `warehouse ${ns}/${name}: new Freight ${built.name} (${latest.tag})`,
      );
    }
    lastFreightID = built.name;
  }
  ctx.mutate(ctx.kinds.warehouse, ns, name, w => {
    w.status = {
      ...w.status,
      lastHandledRefresh: token,
      ...(lastFreightID ? { lastFreightID } : {}),
    };
    if (latest) w.status.discoveredArtifacts = { discoveredAt: now() };
  });
}
