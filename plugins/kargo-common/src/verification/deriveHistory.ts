import { KARGO_LABELS } from '../constants';
import type {
  AnalysisRun,
  Freight,
  Stage,
  VerificationEntry,
  VerificationInfo,
} from '../types';
import { toMillis } from '../util/time';
import { analysisRunsOfStage, runKey } from './analysisRuns';
import { collectionsOfStage, StatusCollection } from './collections';
import {
  CollectionsById,
  collectionsById,
  FreightIndex,
  firstFreightName,
  freightNameOfRun,
  freightRef,
  indexFreight,
} from './freightOfRun';
import { MAX_ENTRY_METRIC_TEXT, MAX_METRIC_TEXT, metricsOf } from './metrics';
import { listedMetrics } from './entryMetrics';
import { SharedMetrics } from './sharedMetrics';
import type { Interner } from '../util/interner';
import { verificationPhaseOf } from '../phases/phaseSets';
import { isAbortedRecord, isStaleRecord } from './kargoRecord';
import {
  entryText,
  entryTime,
  MAX_ENTRY_ACTOR,
  MAX_ENTRY_ID,
  MAX_ENTRY_MESSAGE,
} from './entryText';

/** Annotation some tools put on the objects they create, naming the actor. */

/** @public */
export interface DeriveVerificationHistoryInput {
  stage: Stage;
  /** AnalysisRuns of the Stage's namespace (others are ignored). */
  analysisRuns?: AnalysisRun[];
  /** Freight of the Stage's project, for aliases. */
  freight?: Freight[];
  /**
   * The metric views runs repeat are held once per interner (one per
   * instance, see InstanceModel); without, once per history.
   */
  interner?: Interner;
}

interface Context {
  namespace: string;
  /** The status's collections by id, indexed once (see collectionsById). */
  collections: CollectionsById;
  current: StatusCollection | undefined;
  freight: FreightIndex;
  metrics: SharedMetrics;
  /** The run of each entry that has one: its metrics are read once sorted. */
  runOf: Map<VerificationEntry, AnalysisRun>;
}

/** One empty list for every entry without metrics (a history lives long). */
const NO_METRICS = Object.freeze([]) as unknown as VerificationEntry['metrics'];

/** `entry`, its run remembered for its metrics (see `withMetrics`). */
function ofRun(
  entry: VerificationEntry,
  run: AnalysisRun | undefined,
  ctx: Context,
): VerificationEntry {
  if (run) ctx.runOf.set(entry, run);
  return entry;
}

function actorOfRun(run: AnalysisRun | undefined): unknown {
  return run?.metadata?.annotations?.[KARGO_LABELS.createActor];
}

/** The first of `texts` that is a text, clipped (see entryText). */
function firstText(max: number, ...texts: unknown[]): string | null {
  for (const text of texts) {
    if (typeof text === 'string' && text) return entryText(text, max);
  }
  return null;
}

/** The first of `times` that is a time (see entryTime). */
function firstTime(...times: unknown[]): string | null {
  for (const time of times) {
    const valid = entryTime(time);
    if (valid) return valid;
  }
  return null;
}

function isCurrentRun(run: AnalysisRun, ctx: Context, freightName?: string) {
  if (!ctx.current) return false;
  const collectionId = run.metadata?.labels?.[KARGO_LABELS.freightCollection];
  if (ctx.current.id) return collectionId === ctx.current.id;
  // v0.7 layout: no collection ids, the run names its Freight instead.
  return !!freightName && freightName === firstFreightName(ctx.current.items);
}

function fromRecorded(
  vi: VerificationInfo,
  collection: StatusCollection,
  run: AnalysisRun | undefined,
  ctx: Context,
): VerificationEntry {
  const recordedPhase = verificationPhaseOf(vi.phase);
  const phase = run ? verificationPhaseOf(run.status?.phase) : recordedPhase;
  const aborted = isAbortedRecord(vi);
  const collectionId =
    collection.id ??
    run?.metadata?.labels?.[KARGO_LABELS.freightCollection] ??
    null;
  const freightName =
    firstFreightName(collection.items) ??
    (run ? freightNameOfRun(run, ctx.collections, ctx.freight) : undefined);
  const ref = vi.analysisRun;
  const entry: VerificationEntry = {
    id: entryText(vi.id, MAX_ENTRY_ID),
    analysisRun: ref?.name
      ? { name: ref.name, namespace: ref.namespace || ctx.namespace }
      : null,
    freightCollectionId: collectionId,
    freight: freightRef(freightName, ctx.freight),
    phase,
    recordedPhase,
    stale: run ? isStaleRecord(vi, recordedPhase, phase) : false,
    startTime: firstTime(
      vi.startTime,
      run?.status?.startedAt,
      run?.metadata?.creationTimestamp,
    ),
    finishTime: firstTime(vi.finishTime, run?.status?.completedAt),
    // Kargo's abort message says what happened; the terminated run's own
    // message ("Run Terminated") does not.
    message: aborted
      ? entryText(vi.message, MAX_ENTRY_MESSAGE)
      : firstText(MAX_ENTRY_MESSAGE, run?.status?.message, vi.message),
    actor: firstText(MAX_ENTRY_ACTOR, vi.actor, actorOfRun(run)),
    metrics: NO_METRICS,
    current:
      collection.current || (run ? isCurrentRun(run, ctx, freightName) : false),
    ...(aborted ? { aborted: true } : {}),
  };
  return ofRun(entry, run, ctx);
}

function fromRun(run: AnalysisRun, ctx: Context): VerificationEntry {
  const freightName = freightNameOfRun(run, ctx.collections, ctx.freight);
  const entry: VerificationEntry = {
    id: null,
    analysisRun: {
      name: run.metadata?.name ?? '',
      namespace: run.metadata?.namespace || ctx.namespace,
    },
    freightCollectionId:
      run.metadata?.labels?.[KARGO_LABELS.freightCollection] ?? null,
    freight: freightRef(freightName, ctx.freight),
    phase: verificationPhaseOf(run.status?.phase),
    recordedPhase: null,
    stale: false,
    startTime: firstTime(
      run.status?.startedAt,
      run.metadata?.creationTimestamp,
    ),
    finishTime: firstTime(run.status?.completedAt),
    message: entryText(run.status?.message, MAX_ENTRY_MESSAGE),
    actor: entryText(actorOfRun(run), MAX_ENTRY_ACTOR),
    metrics: NO_METRICS,
    current: isCurrentRun(run, ctx, freightName),
  };
  return ofRun(entry, run, ctx);
}

/**
 * The entries (newest first) with their runs' metrics while the history's
 * {@link MAX_METRIC_TEXT} lasts, each at most `MAX_ENTRY_METRICS` in
 * {@link MAX_ENTRY_METRIC_TEXT} characters (`listedMetrics`). The newest
 * entry and the newest current one list theirs in any case, within that
 * cap; an older one past the budget lists none (no metrics are read only to
 * be dropped).
 */
function withMetrics(entries: VerificationEntry[], ctx: Context) {
  let left = MAX_METRIC_TEXT;
  // Only the newest current entry: every reverification of the current
  // Freight is current too.
  const newestCurrent = entries.find(entry => entry.current);
  entries.forEach((entry, index) => {
    const run = ctx.runOf.get(entry);
    if (!run) return;
    const essential = index === 0 || entry === newestCurrent;
    if (left <= 0 && !essential) return;
    const room = essential
      ? MAX_ENTRY_METRIC_TEXT
      : Math.min(MAX_ENTRY_METRIC_TEXT, left);
    const all = metricsOf(run, ctx.metrics);
    const listed = listedMetrics(all, room, ctx.metrics);
    // Cut by what is left of the history's budget: older entries list none.
    if (listed.metrics.length < all.length && room < MAX_ENTRY_METRIC_TEXT) {
      left = 0;
      return;
    }
    left -= listed.size;
    entry.metrics = listed.metrics;
    if (listed.unlistedFailed) {
      entry.unlistedFailedMetrics = listed.unlistedFailed;
    }
  });
  return entries;
}

/** An entry with its start time, read once. */
interface Timed {
  at: number | undefined;
  name: string;
  entry: VerificationEntry;
}

/**
 * Newest first: by start time, then by AnalysisRun name, whose ULID sorts by
 * creation time. Entries without a start time go last.
 */
function compareTimed(a: Timed, b: Timed) {
  if (a.at !== b.at) {
    if (a.at === undefined) return 1;
    if (b.at === undefined) return -1;
    return b.at - a.at;
  }
  if (a.name === b.name) return 0;
  return a.name < b.name ? 1 : -1;
}

/**
 * The entries newest first (`compareTimed`), each start time parsed once:
 * a comparator parsing both on every comparison parsed 20,000 runs listed
 * in no order of time 519,402 times per derivation (issue 35, attack 18).
 */
function newestEntriesFirst(entries: VerificationEntry[]): VerificationEntry[] {
  const timed: Timed[] = entries.map(entry => ({
    at: toMillis(entry.startTime),
    name: entry.analysisRun?.name ?? '',
    entry,
  }));
  timed.sort(compareTimed);
  return timed.map(t => t.entry);
}

/**
 * The true verification history of a Stage, newest first: one entry per
 * AnalysisRun of the Stage, whether or not the Stage's status still lists it
 * (Kargo keeps 10 collections of 10 verifications) or ever did, plus every
 * recorded verification that has no AnalysisRun (implicit verifications of
 * Stages without `spec.verification`, and Error ones whose run could not be
 * created). Recorded verifications are matched to runs by
 * `analysisRun.{namespace,name}`; `phase` is the run's live phase, and
 * `stale` says when the status disagrees with it.
 *
 * When two recorded verifications name the same run (Kargo reuses the run of
 * a collection promoted again), the newest record wins. Never throws on
 * missing or odd status fields.
 *
 * @public
 */
export function deriveVerificationHistory(
  input: DeriveVerificationHistoryInput,
): VerificationEntry[] {
  return deriveIndexedHistory(input, indexFreight(input.freight));
}

/**
 * `deriveVerificationHistory` with the project's Freight indexed by the
 * caller, once for all of its Stages (see ProjectFreight), not once each.
 */
export function deriveIndexedHistory(
  input: DeriveVerificationHistoryInput,
  freight: FreightIndex,
): VerificationEntry[] {
  const { stage } = input;
  const collections = collectionsOfStage(stage);
  const ctx: Context = {
    namespace: stage?.metadata?.namespace ?? '',
    collections: collectionsById(collections),
    current: collections.find(c => c.current),
    freight,
    metrics: input.interner?.metrics ?? new SharedMetrics(),
    runOf: new Map(),
  };
  const runs = analysisRunsOfStage(stage, input.analysisRuns ?? []);
  const runsByKey = new Map(
    runs.map(run => [
      runKey(run.metadata?.namespace || ctx.namespace, run.metadata!.name!),
      run,
    ]),
  );

  const entries: VerificationEntry[] = [];
  const used = new Set<string>();
  for (const collection of collections) {
    for (const vi of collection.verifications) {
      const ref = vi.analysisRun;
      const key = ref?.name
        ? runKey(ref.namespace || ctx.namespace, ref.name)
        : undefined;
      if (key && used.has(key)) continue;
      if (key) used.add(key);
      entries.push(
        fromRecorded(vi, collection, key ? runsByKey.get(key) : undefined, ctx),
      );
    }
  }
  for (const [key, run] of runsByKey) {
    if (!used.has(key)) entries.push(fromRun(run, ctx));
  }
  return withMetrics(newestEntriesFirst(entries), ctx);
}
