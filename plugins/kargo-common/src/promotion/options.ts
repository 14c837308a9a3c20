import type {
  Freight,
  FreightOption,
  FreightReference,
  Stage,
  VerificationEntry,
} from '../types';
import { currentCollectionOf } from '../verification/collections';
import { indexFreight } from '../verification/freightOfRun';
import { freightArtifactsOf, freightDiff } from './freightDiff';
import { reverificationWarnings } from '../verification/reverifiedFailed';
import { asArray } from '../util/objects';
import { toMillis } from '../util/time';
import { internText, type Interner } from '../util/interner';
import {
  freightAlias,
  isFreightAvailableToStage,
  originKey,
} from './freightAvailability';

/**
 * The artifacts of the Freight the Stage holds now, per origin: the Freight
 * object where it is at hand (the source of truth), else the Stage's copy.
 */
function currentArtifactsByOrigin(
  stage: Stage,
  freight: Freight[],
): Map<string, FreightReference> {
  const objects = indexFreight(freight);
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
 * The Freight a Stage requests (from one of its origins), newest first, each
 * with Kargo's availability decision ({@link isFreightAvailableToStage}) so a
 * person sees why one cannot be promoted yet (not verified upstream, still
 * soaking, awaiting manual approval). Origins are the interner's copies,
 * when given (a detail kept for long).
 *
 * @public
 */
export function freightOptionsOf(
  stage: Stage,
  freight: Freight[] | undefined,
  now: number = Date.now(),
  limit: number = FREIGHT_OPTIONS_LIMIT,
  upstream: ReadonlyArray<{
    stage: string;
    verifications: VerificationEntry[];
  }> = [],
  interner?: Interner,
): FreightOption[] {
  const stageName = stage.metadata?.name ?? '';
  const origins = new Set(
    asArray(stage.spec?.requestedFreight).map(r => originKey(r?.origin)),
  );
  const inStage = currentArtifactsByOrigin(stage, asArray(freight));
  return asArray(freight)
    .filter(f => !!f?.metadata?.name)
    .filter(f => origins.has(originKey(f.origin)))
    .sort(
      (a, b) =>
        (toMillis(b.metadata?.creationTimestamp) ?? 0) -
        (toMillis(a.metadata?.creationTimestamp) ?? 0),
    )
    .slice(0, limit)
    .map(f => {
      const availability = isFreightAvailableToStage(f, stage, now, interner);
      const reverifiedFailed = reverificationWarnings(
        f.metadata!.name!,
        upstream,
      );
      const current = Object.prototype.hasOwnProperty.call(
        f.status?.currentlyIn ?? {},
        stageName,
      );
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
        artifacts: freightArtifactsOf(f),
        ...(current
          ? {}
          : { changes: freightDiff(inStage.get(originKey(f.origin)), f) }),
      };
    });
}
