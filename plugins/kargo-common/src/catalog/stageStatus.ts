import { KARGO_ANNOTATIONS, KARGO_STAGE_ENTITY_TYPE } from '../constants';

/** What the catalog module wrote about one Stage's current state. @public */
export interface KargoStageStatus {
  /** Current verification phase, `None` when there is none. */
  phase: string;
  stale: boolean;
  openPullRequests: number;
  orphanedPullRequests: number;
}

/** A count annotation: a positive number, else 0. */
export function annotationCount(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The status annotations of a `kargo-stage` Resource, or undefined when the
 * phase annotation is absent (not written by the catalog module).
 *
 * @public
 */
export function kargoStageStatusFromAnnotations(
  annotations: Record<string, string> | undefined,
): KargoStageStatus | undefined {
  const phase = annotations?.[KARGO_ANNOTATIONS.verificationPhase];
  if (!phase) return undefined;
  return {
    phase,
    stale: annotations?.[KARGO_ANNOTATIONS.verificationStale] === 'true',
    openPullRequests: annotationCount(
      annotations?.[KARGO_ANNOTATIONS.openPullRequests],
    ),
    orphanedPullRequests: annotationCount(
      annotations?.[KARGO_ANNOTATIONS.orphanedPullRequests],
    ),
  };
}

/**
 * True for a catalog search document of a `kargo-stage` Resource (the catalog
 * collator copies kind and spec.type into the document).
 *
 * @public
 */
export function isKargoStageSearchDocument(document: object): boolean {
  const { kind, type } = document as { kind?: unknown; type?: unknown };
  return (
    String(kind).toLowerCase() === 'resource' &&
    type === KARGO_STAGE_ENTITY_TYPE
  );
}

/**
 * The entity ref of a catalog search document: the collator's
 * `/catalog/<namespace>/<kind>/<name>` location (lower case, URI encoded).
 *
 * @public
 */
export function entityRefFromCatalogLocation(
  location: string,
): string | undefined {
  const match = /\/catalog\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)\/?$/.exec(
    location.split(/[?#]/)[0],
  );
  if (!match) return undefined;
  const [namespace, kind, name] = match.slice(1).map(decodeURIComponent);
  return `${kind}:${namespace}/${name}`;
}
