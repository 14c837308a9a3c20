/**
 * What differs between the users of the builders: the clock every time is
 * relative to, how uids are made, and whether optional fields are written.
 */
import { clockFrom, ulidsFrom, uuid } from './blocks';

/** The kinds the builders make. */
export type Kind =
  | 'Project'
  | 'Warehouse'
  | 'AnalysisTemplate'
  | 'Freight'
  | 'AnalysisRun'
  | 'Promotion'
  | 'Stage';

/** A Kubernetes object as the sandbox loads it. */
export type Obj = Record<string, any>;

export interface ObjectProfile {
  /** Every time is a number of minutes after this instant. */
  epoch: string | number;
  /**
   * The uid of an object; `undefined` leaves `metadata.uid` out. Default: a
   * stable UUID of the kind, namespace and name (the sandbox demo's).
   */
  uid?: (kind: Kind, name: string, namespace?: string) => string | undefined;
  /**
   * Leave out the optional fields the plugin never reads (run summaries,
   * messages of failed measurements, `blockOwnerDeletion`, distinct condition
   * messages) and give every Promotion step the Promotion's first minute:
   * the bench's fleet, thousands of objects small enough to load quickly.
   */
  lean?: boolean;
}

/** A profile with its defaults applied, as the builders read it. */
export interface Context {
  at: (minutes: number) => string;
  ulid: (minutes: number, seed: string) => string;
  uid: (kind: Kind, name: string, namespace?: string) => string | undefined;
  lean: boolean;
}

const UID_SEEDS: Record<Kind, (name: string, namespace?: string) => string> = {
  Project: name => `project/${name}`,
  Warehouse: (name, ns) => `warehouse/${ns}/${name}`,
  AnalysisTemplate: (name, ns) => `at/${ns}/${name}`,
  Freight: name => `freight/${name}`,
  AnalysisRun: name => `ar/${name}`,
  Promotion: name => `promotion/${name}`,
  Stage: (name, ns) => `stage/${ns}/${name}`,
};

export function contextOf(profile: ObjectProfile): Context {
  return {
    at: clockFrom(profile.epoch),
    ulid: ulidsFrom(profile.epoch),
    uid: profile.uid ?? ((kind, name, ns) => uuid(UID_SEEDS[kind](name, ns))),
    lean: profile.lean ?? false,
  };
}

/** `metadata` as Kargo's API server returns it for a new object. */
export function metadataOf(
  ctx: Context,
  kind: Kind,
  name: string,
  namespace: string | undefined,
  minutes: number,
  generation = 1,
): Obj {
  const uid = ctx.uid(kind, name, namespace);
  return {
    name,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(uid !== undefined ? { uid } : {}),
    generation,
    creationTimestamp: ctx.at(minutes),
  };
}
