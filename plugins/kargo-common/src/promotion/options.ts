import type {
  Freight,
  FreightArtifacts,
  FreightChange,
  FreightOption,
  FreightReference,
  Stage,
} from '../types';
import { currentCollectionOf } from '../verification/collections';
import type { FreightIndex } from '../verification/freightOfRun';
import { freightArtifactsOf, freightDiff } from './freightDiff';
import {
  type UpstreamVerifications,
  upstreamHistoryOf,
} from '../verification/upstreamHistory';
import { asArray } from '../util/objects';
import { internText, type Interner } from '../util/interner';
import {
  freightAlias,
  isFreightAvailableToStage,
  originKey,
} from './freightAvailability';
import { type ProjectFreight, projectFreightOf } from './projectFreight';

/**
 * Re-verification warnings (akuity/kargo#5144) an option carries at most:
 * one per upstream Stage whose re-verification of the Freight failed; 300
 * upstream Stages made 300 in each of 20 options of every Stage downstream
 * (issue 35, attack 15).
 */
export const MAX_REVERIFIED_WARNINGS = 10;

/**
 * The artifacts of the Freight the Stage holds now, per origin: the Freight
 * object where it is at hand (the source of truth), else the Stage's copy.
 */
function currentArtifactsByOrigin(
  stage: Stage,
  objects: FreightIndex,
): Map<string, FreightReference> {
  const byOrigin = new Map<string, FreightReference>();
  for (const ref of currentCollectionOf(stage)?.items ?? []) {
    const object = ref.name ? objects.get(ref.name) : undefined;
    byOrigin.set(originKey(object?.origin ?? ref.origin), object ?? ref);
  }
  return byOrigin;
}

/** How many Freight a Stage lists to promote to, newest first. */
const FREIGHT_OPTIONS_LIMIT = 20;
/**
 * Characters of artifacts and changes per Stage, its options together,
 * newest first; past it an option lists none (its name, alias and
 * availability stay). A project's Freight are offered to each of its Stages
 * that requests their origin, and a project member adds Stages at will: 20
 * Freight of 100 commits each, shown whole, made every such Stage's detail
 * megabytes. Real Stages use a few percent.
 */
const MAX_ARTIFACT_TEXT = 256 * 1024;

const NO_ARTIFACTS: FreightArtifacts = Object.freeze({
  commits: [],
  images: [],
  charts: [],
}) as never;

/** About the characters artifacts and changes take in a Stage's JSON. */
function artifactsSize(artifacts: FreightArtifacts, changes: FreightChange[]) {
  let size = 0;
  for (const c of artifacts.commits) {
    size +=
      50 +
      c.repoURL.length +
      (c.id?.length ?? 0) +
      (c.message?.length ?? 0) +
      (c.url?.length ?? 0);
  }
  for (const i of artifacts.images) {
    size +=
      40 + i.repoURL.length + (i.tag?.length ?? 0) + (i.digest?.length ?? 0);
  }
  for (const c of artifacts.charts) {
    size +=
      40 + c.repoURL.length + (c.name?.length ?? 0) + (c.version?.length ?? 0);
  }
  for (const c of changes) {
    size +=
      60 +
      c.repository.length +
      (c.from?.length ?? 0) +
      (c.to?.length ?? 0) +
      (c.compareUrl?.length ?? 0);
  }
  return size;
}

/**
 * The Freight a Stage requests (from one of its origins), newest first, each
 * with Kargo's availability decision ({@link isFreightAvailableToStage}) so a
 * person sees why one cannot be promoted yet (not verified upstream, still
 * soaking, awaiting manual approval). Origins are the interner's copies,
 * when given (a detail kept for long). `freight` is the project's, indexed
 * once for all of its Stages when a ProjectFreight; `upstream` likewise
 * (UpstreamHistory).
 *
 * @public
 */
export function freightOptionsOf(
  stage: Stage,
  freight: Freight[] | ProjectFreight | undefined,
  now: number = Date.now(),
  limit: number = FREIGHT_OPTIONS_LIMIT,
  upstream: ReadonlyArray<UpstreamVerifications> = [],
  interner?: Interner,
): FreightOption[] {
  const stageName = stage.metadata?.name ?? '';
  const origins = asArray(stage.spec?.requestedFreight).map(r =>
    originKey(r?.origin),
  );
  const project = projectFreightOf(freight);
  const inStage = currentArtifactsByOrigin(stage, project.byName);
  const histories = upstream.map(upstreamHistoryOf);
  let left = MAX_ARTIFACT_TEXT;
  return project.newestOf(origins, limit).map(f => {
    const availability = isFreightAvailableToStage(f, stage, now, interner);
    const reverifiedFailed: NonNullable<FreightOption['reverifiedFailed']> = [];
    for (const h of histories) {
      if (reverifiedFailed.length >= MAX_REVERIFIED_WARNINGS) break;
      const warning = h.warningOf(f.metadata!.name!);
      if (warning) reverifiedFailed.push(warning);
    }
    const current = Object.prototype.hasOwnProperty.call(
      f.status?.currentlyIn ?? {},
      stageName,
    );
    // The Stage's budget, newest first: none read only to be dropped.
    let artifacts = NO_ARTIFACTS;
    let changes: FreightChange[] = [];
    if (left > 0) {
      artifacts = freightArtifactsOf(f);
      changes = current ? [] : freightDiff(inStage.get(originKey(f.origin)), f);
      const size = artifactsSize(artifacts, changes);
      if (size > left) {
        left = 0;
        artifacts = NO_ARTIFACTS;
        changes = [];
      } else {
        left -= size;
      }
    }
    return {
      ...(reverifiedFailed.length ? { reverifiedFailed } : {}),
      name: f.metadata!.name!,
      alias: freightAlias(f) ?? null,
      // Every Stage that may take this Freight lists it: one copy.
      origin: internText(originKey(f.origin), interner),
      createdAt: f.metadata?.creationTimestamp ?? null,
      available: availability.available,
      reason: availability.reason,
      code: availability.code,
      params: availability.params,
      approved: Object.prototype.hasOwnProperty.call(
        f.status?.approvedFor ?? {},
        stageName,
      ),
      current,
      artifacts,
      ...(current ? {} : { changes }),
    };
  });
}
