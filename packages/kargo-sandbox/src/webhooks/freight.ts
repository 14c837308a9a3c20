/**
 * Whether a Freight may be promoted into a Stage, as akuity/kargo v1.11.2
 * api/v1alpha1/stage_types.go `Stage.IsFreightAvailable` decides it (the
 * sandbox does not check `requiredSoakTime`).
 */
import type { KubeObject } from '../kube/store';

interface Origin {
  kind?: string;
  name?: string;
}

const sameOrigin = (a?: Origin, b?: Origin) =>
  Boolean(a && b && a.kind === b.kind && a.name === b.name);

export function isFreightAvailable(
  stage: KubeObject,
  freight: KubeObject | undefined,
): boolean {
  if (!freight || stage.metadata.namespace !== freight.metadata.namespace)
    return false;
  const status = (freight.status ?? {}) as {
    approvedFor?: Record<string, unknown>;
    verifiedIn?: Record<string, unknown>;
  };
  const verifiedIn = (s: string) => Boolean(status.verifiedIn?.[s]);
  const requested = ((stage.spec as any)?.requestedFreight ?? []) as Array<{
    origin?: Origin;
    sources?: {
      direct?: boolean;
      stages?: string[];
      availabilityStrategy?: string;
    };
  }>;
  for (const req of requested) {
    if (!sameOrigin((freight as any).origin, req.origin)) continue;
    if (status.approvedFor?.[stage.metadata.name]) return true;
    if (req.sources?.direct) return true;
    const upstream = req.sources?.stages ?? [];
    if (req.sources?.availabilityStrategy === 'All')
      return upstream.every(verifiedIn);
    if (upstream.some(verifiedIn)) return true;
  }
  return false;
}

/** Whether the Stage requests Freight from the origin (Stage.RequestsFreightFromOrigin). */
export function requestsOrigin(stage: KubeObject, origin?: Origin): boolean {
  return ((stage.spec as any)?.requestedFreight ?? []).some(
    (r: { origin?: Origin }) => sameOrigin(r.origin, origin),
  );
}

export function originString(origin?: Origin): string {
  return origin ? `${origin.kind}/${origin.name}` : '';
}
