import type { Stage } from '../types';
import { asArray } from '../util/objects';

/**
 * Upstream Stages read per requested Freight. Kargo's own pipelines have a
 * handful; a project member writes the list, and each name was repeated in
 * the reason and params of every Freight option: 100,000 names (a 0.85 MB
 * Stage) made a 32.9 MB detail (issue 35, attack 9).
 */
export const MAX_UPSTREAM_STAGES = 300;
/**
 * Entries of a `sources.stages` list read at most: the cap on distinct names
 * alone let a list of one name repeated 300,000 times be read whole for each
 * Freight option (7.2 million entries per build; issue 35, attack 10).
 */
export const MAX_UPSTREAM_ENTRIES = 1_000;
/**
 * Characters of a Stage name (a Kubernetes name): a longer entry names no
 * Stage, and is counted as unread; 10 names of 100,000 characters were
 * copied into every option's reason (a 41 MB detail; issue 35, attack 15).
 */
const MAX_STAGE_NAME = 253;
/** Upstream Stages a reason names; the others are counted (`upstreamMore`). */
export const MAX_NAMED_UPSTREAM = 10;

/** The upstream Stages of a request's `sources`, in order, read up to the cap. */
export interface UpstreamStages {
  /**
   * The first {@link MAX_UPSTREAM_STAGES} distinct names of the first
   * {@link MAX_UPSTREAM_ENTRIES} entries.
   */
  stages: string[];
  /** Entries of the list left unread (0 when it was read whole). */
  unread: number;
}

/** The distinct Stage names of `sources.stages`, at most {@link MAX_UPSTREAM_STAGES}. */
export function upstreamStagesOf(sources: unknown): UpstreamStages {
  const list = (sources as { stages?: unknown } | null | undefined)?.stages;
  if (!Array.isArray(list)) return { stages: [], unread: 0 };
  const seen = new Set<string>();
  let index = 0;
  let skipped = 0;
  const end = Math.min(list.length, MAX_UPSTREAM_ENTRIES);
  for (; index < end && seen.size < MAX_UPSTREAM_STAGES; index++) {
    const name = list[index];
    if (typeof name !== 'string' || !name) continue;
    if (name.length > MAX_STAGE_NAME) skipped++;
    else seen.add(name);
  }
  return { stages: [...seen], unread: list.length - index + skipped };
}

/**
 * The first {@link MAX_NAMED_UPSTREAM} of `names` for a reason's params,
 * with how many more there are (`more`, omitted when none).
 */
export function namedUpstream(
  names: string[],
  unread = 0,
): { names: string[]; more?: number } {
  const more = names.length - MAX_NAMED_UPSTREAM + unread;
  return more > 0
    ? { names: names.slice(0, MAX_NAMED_UPSTREAM), more }
    : { names };
}

/**
 * The upstream Stages whose histories a Stage's build reads (the #5144
 * warning of its Freight options): the first {@link MAX_UPSTREAM_STAGES}
 * distinct names of its requests' `sources.stages`, each list read up to
 * {@link MAX_UPSTREAM_ENTRIES} entries, in request order.
 */
export function upstreamStagesOfStage(stage: Stage): string[] {
  const names = new Set<string>();
  for (const request of asArray(stage?.spec?.requestedFreight)) {
    for (const name of upstreamStagesOf(request?.sources).stages) {
      names.add(name);
      if (names.size >= MAX_UPSTREAM_STAGES) return [...names];
    }
  }
  return [...names];
}
