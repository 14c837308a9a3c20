import { KARGO_LABELS } from '../constants';
import type { Freight, FreightOrigin, Stage } from '../types';
import { asRecord } from '../util/objects';
import { formatDuration, parseGoDuration, toMillis } from '../util/time';

/**
 * Outcome of {@link resolveFreight}: the Freight, or why there is none.
 *
 * @public
 */
export type FreightResolution =
  | { freight: Freight; matchedBy: 'name' | 'alias'; error?: undefined }
  | { freight?: undefined; matchedBy?: undefined; error: string };

/** The alias of a Freight: the field, else the label Kargo syncs with it. @public */
export function freightAlias(freight: Freight): string | undefined {
  return (
    freight.alias || freight.metadata?.labels?.[KARGO_LABELS.alias] || undefined
  );
}

/**
 * Finds a Freight by exact name, else by alias, as Kargo's API does for
 * `promote` (name first, then the alias label).
 *
 * @public
 */
export function resolveFreight(
  freightList: Freight[],
  nameOrAlias: string,
): FreightResolution {
  const wanted = nameOrAlias.trim();
  if (!wanted) {
    return { error: 'No Freight given: pass a Freight name or alias' };
  }
  const byName = freightList.find(f => f.metadata?.name === wanted);
  if (byName) return { freight: byName, matchedBy: 'name' };
  const byAlias = freightList.find(f => freightAlias(f) === wanted);
  if (byAlias) return { freight: byAlias, matchedBy: 'alias' };
  return { error: `No Freight named or aliased "${wanted}"` };
}

/** @public */
export interface FreightAvailability {
  available: boolean;
  /** Why the Freight is or is not available, in words a person understands. */
  reason: string;
}

function originKey(origin: FreightOrigin | undefined): string {
  return `${origin?.kind || 'Warehouse'}/${origin?.name ?? ''}`;
}

function hasKey(map: Record<string, unknown> | undefined, key: string) {
  return !!map && Object.prototype.hasOwnProperty.call(map, key);
}

/**
 * Whether a Stage may be promoted to this Freight, following Kargo's rules
 * (akuity/kargo: the requested-origin and availability checks of the
 * promotion webhook):
 * - the Stage must request Freight from the Freight's origin;
 * - then the Freight is available when it is approved for the Stage, when the
 *   Stage takes that origin directly, or when it is verified in one upstream
 *   Stage (all of them with `availabilityStrategy: All`);
 * - with `requiredSoakTime`, an upstream Stage counts only once the Freight
 *   has soaked there that long: its longest recorded soak, the time since it
 *   was verified there, or the time it has been there now (approval skips it).
 *
 * @public
 */
export function isFreightAvailableToStage(
  freight: Freight,
  stage: Stage,
  now: number = Date.now(),
): FreightAvailability {
  const freightName = freightAlias(freight) ?? freight.metadata?.name ?? '';
  const stageName = stage.metadata?.name ?? '';
  const stageNs = stage.metadata?.namespace;
  const freightNs = freight.metadata?.namespace;
  if (stageNs && freightNs && stageNs !== freightNs) {
    return {
      available: false,
      reason: `Freight "${freightName}" belongs to project "${freightNs}", not to "${stageNs}"`,
    };
  }
  const origin = originKey(freight.origin);
  const request = (stage.spec?.requestedFreight ?? []).find(
    r => originKey(r.origin) === origin,
  );
  if (!request) {
    return {
      available: false,
      reason: `Stage "${stageName}" does not request Freight from ${origin}`,
    };
  }
  if (hasKey(freight.status?.approvedFor, stageName)) {
    return {
      available: true,
      reason: `Freight "${freightName}" is approved for Stage "${stageName}"`,
    };
  }
  const sources = request.sources as
    | { direct?: boolean; stages?: string[]; availabilityStrategy?: string }
    | undefined;
  if (sources?.direct) {
    return {
      available: true,
      reason: `Stage "${stageName}" takes Freight directly from ${origin}`,
    };
  }
  const upstream = sources?.stages ?? [];
  const verifiedIn = upstream.filter(s =>
    hasKey(freight.status?.verifiedIn, s),
  );
  const soak = parseGoDuration(
    (sources as { requiredSoakTime?: unknown } | undefined)?.requiredSoakTime,
  );
  const soakedIn = soak
    ? verifiedIn.filter(s => soakOf(freight, s, now) >= soak)
    : verifiedIn;
  const all = sources?.availabilityStrategy === 'All';
  const counted = (list: string[]) =>
    upstream.length > 0 &&
    (all ? list.length === upstream.length : list.length > 0);
  if (counted(soakedIn)) {
    return {
      available: true,
      reason: `Freight "${freightName}" is verified in ${soakedIn.join(', ')}`,
    };
  }
  if (soak && counted(verifiedIn)) {
    const soaking = verifiedIn
      .filter(s => !soakedIn.includes(s))
      .map(s => `${formatDuration(soakOf(freight, s, now))} in ${s}`)
      .join(', ');
    return {
      available: false,
      reason: `Freight "${freightName}" must soak ${formatDuration(
        soak,
      )} in its upstream Stages to be available to Stage "${stageName}"; so far ${soaking}`,
    };
  }
  const list = upstream.join(', ') || 'none';
  return {
    available: false,
    reason: all
      ? `Freight "${freightName}" must be verified in all upstream Stages (${list}) to be available to Stage "${stageName}"`
      : `Freight "${freightName}" must be verified in at least one upstream Stage (${list}) to be available to Stage "${stageName}"`,
  };
}

/**
 * How long the Freight has soaked in a Stage: the longest of its recorded
 * longest soak, the time since it was verified there and its time there now.
 */
function soakOf(freight: Freight, stage: string, now: number): number {
  const verified = asRecord(freight.status?.verifiedIn?.[stage]);
  const since = (time: unknown) => {
    const at = toMillis(typeof time === 'string' ? time : undefined);
    return at === undefined ? 0 : now - at;
  };
  return Math.max(
    parseGoDuration(verified?.longestSoak) ?? 0,
    since(verified?.verifiedAt),
    since(freight.status?.currentlyIn?.[stage]?.since),
  );
}
