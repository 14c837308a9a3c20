import { KARGO_LABELS } from '../constants';
import type { Freight, FreightOrigin, Stage } from '../types';
import { asRecord } from '../util/objects';
import { internText, type Interner } from '../util/interner';
import { reasonMessage, type Reason } from '../reasons';
import { parseGoDuration, toMillis } from '../util/time';
import { namedUpstream, upstreamStagesOf } from './upstreamStages';

/**
 * Outcome of {@link resolveFreight}: the Freight, or why there is none.
 *
 * @public
 */
export type FreightResolution =
  | {
      freight: Freight;
      matchedBy: 'name' | 'alias';
      error?: undefined;
      reason?: undefined;
    }
  | {
      freight?: undefined;
      matchedBy?: undefined;
      /** Why there is none, in English. */
      error: string;
      reason: Reason;
    };

/** The alias of a Freight: the field, else the label Kargo syncs with it. @public */
export function freightAlias(freight: Freight): string | undefined {
  return (
    freight.alias || freight.metadata?.labels?.[KARGO_LABELS.alias] || undefined
  );
}

function unresolved(reason: Reason): FreightResolution {
  return { error: reasonMessage(reason), reason };
}

/**
 * Finds a Freight of `project` (whose Freight `freightList` holds) by exact
 * name, else by alias, as Kargo's API does for `promote` (name first, then
 * the alias label).
 *
 * @public
 */
export function resolveFreight(
  freightList: Freight[],
  nameOrAlias: string,
  project: string,
): FreightResolution {
  const wanted = nameOrAlias.trim();
  if (!wanted) {
    return unresolved({ code: 'freightNotGiven', params: { project } });
  }
  const byName = freightList.find(f => f.metadata?.name === wanted);
  if (byName) return { freight: byName, matchedBy: 'name' };
  const byAlias = freightList.find(f => freightAlias(f) === wanted);
  if (byAlias) return { freight: byAlias, matchedBy: 'alias' };
  return unresolved({
    code: 'freightNotFound',
    params: { freight: wanted, project },
  });
}

/**
 * Whether a Freight is available to a Stage, and why: `code` and `params` for
 * the UI to translate, `reason` in English.
 *
 * @public
 */
export type FreightAvailability = {
  available: boolean;
  /** Why the Freight is or is not available, in English. */
  reason: string;
} & Reason;

function availability(available: boolean, why: Reason): FreightAvailability {
  return { available, reason: reasonMessage(why), ...why };
}

/** `<kind>/<name>` of a Freight origin (kind Warehouse when not given). */
export function originKey(origin: FreightOrigin | undefined): string {
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
 * The origin in the reason's params is the interner's copy, when given.
 *
 * @public
 */
export function isFreightAvailableToStage(
  freight: Freight,
  stage: Stage,
  now: number = Date.now(),
  interner?: Interner,
): FreightAvailability {
  const freightName = freightAlias(freight) ?? freight.metadata?.name ?? '';
  const stageName = stage.metadata?.name ?? '';
  const stageNs = stage.metadata?.namespace;
  const freightNs = freight.metadata?.namespace;
  if (stageNs && freightNs && stageNs !== freightNs) {
    return availability(false, {
      code: 'freightOtherProject',
      params: {
        freight: freightName,
        freightProject: freightNs,
        stageProject: stageNs,
      },
    });
  }
  // Kept in the reason's params of every option: one shared copy.
  const origin = internText(originKey(freight.origin), interner);
  const request = (stage.spec?.requestedFreight ?? []).find(
    r => originKey(r.origin) === origin,
  );
  if (!request) {
    return availability(false, {
      code: 'originNotRequested',
      params: { stage: stageName, origin },
    });
  }
  if (hasKey(freight.status?.approvedFor, stageName)) {
    return availability(true, {
      code: 'freightApproved',
      params: { freight: freightName, stage: stageName },
    });
  }
  const sources = request.sources as
    | { direct?: boolean; stages?: string[]; availabilityStrategy?: string }
    | undefined;
  if (sources?.direct) {
    return availability(true, {
      code: 'directOrigin',
      params: { stage: stageName, origin },
    });
  }
  const { stages: upstream, unread } = upstreamStagesOf(sources);
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
  // With All, Stages left unread count as not verified: never offer what
  // Kargo may refuse.
  const counted = (list: string[]) =>
    upstream.length > 0 &&
    (all ? unread === 0 && list.length === upstream.length : list.length > 0);
  if (counted(soakedIn)) {
    const stages = namedUpstream(soakedIn);
    return availability(true, {
      code: 'verifiedUpstream',
      params: {
        freight: freightName,
        stages: stages.names,
        ...(stages.more ? { stagesMore: stages.more } : {}),
      },
    });
  }
  if (soak && counted(verifiedIn)) {
    const soaking = namedUpstream(
      verifiedIn.filter(s => !soakedIn.includes(s)),
    );
    return availability(false, {
      code: 'soaking',
      params: {
        freight: freightName,
        stage: stageName,
        soakMs: soak,
        soaking: soaking.names,
        soakedMs: soaking.names.map(s => soakOf(freight, s, now)),
        ...(soaking.more ? { soakingMore: soaking.more } : {}),
      },
    });
  }
  const named = namedUpstream(upstream, unread);
  return availability(false, {
    code: all ? 'notVerifiedInAll' : 'notVerifiedInAny',
    params: {
      freight: freightName,
      stage: stageName,
      upstream: named.names,
      ...(named.more ? { upstreamMore: named.more } : {}),
    },
  });
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
