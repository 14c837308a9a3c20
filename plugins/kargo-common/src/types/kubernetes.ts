/**
 * The parts of Kargo and Argo Rollouts objects the plugin reads, as they come
 * off the wire. Every field is optional: real clusters hold objects written by
 * many Kargo versions, and a missing field must never break a Stage.
 */

/** @public */
export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  /** AnalysisRuns name the Freight of their collection here (kind Freight). */
  ownerReferences?: OwnerReference[];
}

/** @public */
export interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
}

/** @public */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** @public */
export interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** @public */
export interface FreightOrigin {
  kind?: string;
  name?: string;
}

/** @public */
export interface GitCommit {
  repoURL?: string;
  id?: string;
  branch?: string;
  tag?: string;
  message?: string;
  author?: string;
}

/** @public */
export interface Image {
  repoURL?: string;
  tag?: string;
  digest?: string;
}

/** @public */
export interface Chart {
  repoURL?: string;
  name?: string;
  version?: string;
}

/** `FreightReference` in Kargo's Go types. @public */
export interface FreightReference {
  name?: string;
  origin?: FreightOrigin;
  commits?: GitCommit[];
  images?: Image[];
  charts?: Chart[];
}

/** `VerificationInfo` in Kargo's Go types. @public */
export interface VerificationInfo {
  id?: string;
  actor?: string;
  startTime?: string;
  phase?: string;
  message?: string;
  analysisRun?: { namespace?: string; name?: string; phase?: string };
  finishTime?: string;
}

/** `FreightCollection` in Kargo's Go types. @public */
export interface FreightCollection {
  id?: string;
  items?: Record<string, FreightReference>;
  verificationHistory?: VerificationInfo[];
}

/** @public */
export interface PromotionStep {
  uses?: string;
  as?: string;
  if?: string;
  task?: { name?: string; kind?: string };
  vars?: Array<{ name?: string; value?: string }>;
  config?: Record<string, unknown>;
}

/** @public */
/**
 * A value of Stage `status.autoPromotionHolds` (Kargo v1.11
 * api/v1alpha1/stage_types.go AutoPromotionHold).
 *
 * @public
 */
export interface KargoAutoPromotionHold {
  freightName?: string;
  origin?: FreightOrigin;
  promotionName?: string;
  actor?: string;
  createdAt?: string;
}

/** @public */
export interface Stage extends KubeObject {
  spec?: {
    shard?: string;
    vars?: Array<{ name?: string; value?: string }>;
    requestedFreight?: Array<{
      origin?: FreightOrigin;
      sources?: {
        direct?: boolean;
        stages?: string[];
        requiredSoakTime?: string;
        availabilityStrategy?: string;
      };
    }>;
    promotionTemplate?: {
      spec?: {
        vars?: Array<{ name?: string; value?: string }>;
        steps?: PromotionStep[];
      };
    };
    verification?: {
      analysisTemplates?: Array<{ name?: string; kind?: string }>;
      args?: Array<{ name?: string; value?: string }>;
    };
  };
  status?: {
    conditions?: Condition[];
    lastHandledRefresh?: string;
    /** Kargo v1.7+: whether the ProjectConfig's promotion policy enables auto-promotion (refreshed each reconciliation). */
    autoPromotionEnabled?: boolean;
    /** Kargo v1.11: durable holds, keyed `Warehouse/<name>`. */
    autoPromotionHolds?: Record<string, KargoAutoPromotionHold>;
    /** Kargo v1.11: the holds in effect now (what clients should read). */
    effectiveAutoPromotionHolds?: Record<string, KargoAutoPromotionHold>;
    freightHistory?: FreightCollection[];
    freightSummary?: string;
    /** `output`: Kargo's health checks' opaque output (e.g. Argo CD Application statuses). */
    health?: { status?: string; issues?: string[]; output?: unknown };
    observedGeneration?: number;
    currentPromotion?: PromotionReference;
    lastPromotion?: PromotionReference;
    /** Kargo up to v1.4 only. */
    phase?: string;
    /** Kargo v0.7 to v0.9 only. */
    currentFreight?: FreightReference & {
      verificationInfo?: VerificationInfo;
      verificationHistory?: VerificationInfo[];
    };
    /** Kargo v0.7 to v0.9 only: newest first. */
    history?: Array<
      FreightReference & {
        verificationInfo?: VerificationInfo;
        verificationHistory?: VerificationInfo[];
      }
    >;
  };
}

/** @public */
export interface PromotionReference {
  name?: string;
  freight?: FreightReference;
  status?: PromotionStatus;
  finishedAt?: string;
}

/** @public */
export interface PromotionStatus {
  phase?: string;
  message?: string;
  freight?: FreightReference;
  startedAt?: string;
  finishedAt?: string;
  currentStep?: number;
  /** One entry per step run so far (Kargo v1.1+), indexed like `spec.steps`. */
  stepExecutionMetadata?: StepExecutionMetadata[];
  /** Step outputs keyed by step alias. */
  state?: Record<string, unknown>;
}

/** How one step of a Promotion ran. @public */
export interface StepExecutionMetadata {
  alias?: string;
  startedAt?: string;
  finishedAt?: string;
  errorCount?: number;
  /** Running, Succeeded, Failed, Errored, Aborted or Skipped. */
  status?: string;
  message?: string;
}

/** @public */
export interface Promotion extends KubeObject {
  spec?: {
    stage?: string;
    freight?: string;
    vars?: Array<{ name?: string; value?: string }>;
    steps?: PromotionStep[];
  };
  status?: PromotionStatus;
}

/** Freight keeps its fields at the top level, not under `spec`. @public */
export interface Freight extends KubeObject {
  alias?: string;
  origin?: FreightOrigin;
  commits?: GitCommit[];
  images?: Image[];
  charts?: Chart[];
  status?: {
    currentlyIn?: Record<string, { since?: string }>;
    verifiedIn?: Record<string, unknown>;
    approvedFor?: Record<string, unknown>;
  };
}

/** @public */
export interface Measurement {
  phase?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  value?: string;
}

/** @public */
export interface MetricResult {
  name?: string;
  phase?: string;
  message?: string;
  measurements?: Measurement[];
  count?: number;
  successful?: number;
  failed?: number;
  inconclusive?: number;
  error?: number;
}

/** An Argo Rollouts AnalysisRun. @public */
export interface AnalysisRun extends KubeObject {
  spec?: { terminate?: boolean; metrics?: Array<{ name?: string }> };
  status?: {
    phase?: string;
    message?: string;
    startedAt?: string;
    completedAt?: string;
    metricResults?: MetricResult[];
    runSummary?: Record<string, number>;
  };
}
