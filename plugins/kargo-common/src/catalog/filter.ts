import { KARGO_ANNOTATIONS } from '../constants';
import { annotationCount as count } from './stageStatus';

/**
 * What the catalog's Kargo filter selects, on the annotations the catalog
 * module writes (kargo-stage Resources and the entities that roll up their
 * Stages). Unset fields do not filter.
 *
 * @public
 */
export interface KargoCatalogSelection {
  /** Current verification phase (rollups: the worst of their Stages). */
  phase?: string;
  stale?: boolean;
  openPullRequests?: boolean;
  orphanedPullRequests?: boolean;
}

/** True when the selection filters at all. @public */
export function isKargoSelectionActive(
  selection: KargoCatalogSelection,
): boolean {
  return !!(
    selection.phase ||
    selection.stale ||
    selection.openPullRequests ||
    selection.orphanedPullRequests
  );
}

/**
 * The catalog backend filter of a selection: annotation fields and the value
 * they must have, `null` for "must be present". Counts above zero cannot be
 * asked of the backend; the present-check narrows them and
 * {@link matchesKargoSelection} decides.
 *
 * @public
 */
export function kargoCatalogFilterFields(
  selection: KargoCatalogSelection,
): Record<string, string | null> {
  const fields: Record<string, string | null> = {};
  const field = (annotation: string) => `metadata.annotations.${annotation}`;
  if (selection.phase)
    fields[field(KARGO_ANNOTATIONS.verificationPhase)] = selection.phase;
  if (selection.stale)
    fields[field(KARGO_ANNOTATIONS.verificationStale)] = 'true';
  if (selection.openPullRequests)
    fields[field(KARGO_ANNOTATIONS.openPullRequests)] = null;
  if (selection.orphanedPullRequests) {
    fields[field(KARGO_ANNOTATIONS.orphanedPullRequests)] = null;
  }
  return fields;
}

/** The same selection, applied to one entity's annotations (client-side filtering). @public */
export function matchesKargoSelection(
  annotations: Record<string, string> | undefined,
  selection: KargoCatalogSelection,
): boolean {
  const a = annotations ?? {};
  if (
    selection.phase &&
    a[KARGO_ANNOTATIONS.verificationPhase] !== selection.phase
  )
    return false;
  if (selection.stale && a[KARGO_ANNOTATIONS.verificationStale] !== 'true')
    return false;
  if (
    selection.openPullRequests &&
    count(a[KARGO_ANNOTATIONS.openPullRequests]) === 0
  )
    return false;
  if (
    selection.orphanedPullRequests &&
    count(a[KARGO_ANNOTATIONS.orphanedPullRequests]) === 0
  ) {
    return false;
  }
  return true;
}

/** The selection as query parameter values, e.g. `['phase:Failed', 'stale']`. @public */
export function kargoSelectionToQuery(
  selection: KargoCatalogSelection,
): string[] {
  return [
    ...(selection.phase ? [`phase:${selection.phase}`] : []),
    ...(selection.stale ? ['stale'] : []),
    ...(selection.openPullRequests ? ['open-prs'] : []),
    ...(selection.orphanedPullRequests ? ['orphaned-prs'] : []),
  ];
}

/** Reads query parameter values back; unknown values are ignored. @public */
export function kargoSelectionFromQuery(
  values: string | string[] | undefined,
): KargoCatalogSelection {
  const list = ([] as string[]).concat(values ?? []);
  const selection: KargoCatalogSelection = {};
  for (const value of list) {
    if (value.startsWith('phase:') && value.length > 6)
      selection.phase = value.slice(6);
    else if (value === 'stale') selection.stale = true;
    else if (value === 'open-prs') selection.openPullRequests = true;
    else if (value === 'orphaned-prs') selection.orphanedPullRequests = true;
  }
  return selection;
}
