import type { Promotion } from '@kargo-backstage/plugin-kargo-common';

/**
 * As whom a call to Kargo's REST API is made.
 * - `user`: the signed-in person's OIDC ID token (from the Backstage auth
 *   provider that shares Kargo's identity provider). Kargo authorizes and
 *   records `email:<email>` (else `subject:<sub>`).
 * - `portal`: the instance's configured Kargo API token (a role-bound
 *   ServiceAccount token). Kargo records `kubernetes:<that account>`.
 *
 * The token is a bearer credential: never logged, never put in an error, a
 * cache, a signal or a response; sent only to its instance's own API URL.
 *
 * @public
 */
export type KargoApiIdentity =
  | { type: 'user'; idToken: string }
  | { type: 'portal' };

/** How a promotion names its Freight (exactly one, as Kargo's API takes it). @public */
export type KargoPromoteTarget = { freight: string } | { freightAlias: string };

/** Which logs of an AnalysisRun to stream (Kargo's `metricName` / `containerName`). @public */
export interface KargoAnalysisRunLogsOptions {
  /** The job metric (Kargo picks the first job metric when omitted). */
  metricName?: string;
  /** The job's container (Kargo picks the first container when omitted). */
  containerName?: string;
}

/**
 * One link Kargo resolved from a ClusterConfig or ProjectConfig link template
 * (swagger `ResolvedLink`). @public
 */
export interface KargoResolvedLink {
  title: string;
  url: string;
  description?: string;
}

/**
 * `GET /v1beta1/projects/{project}/stages/{stage}/links` (swagger
 * `GetStageLinksResponse`): the Stage's links, and Kargo's messages for the
 * templates it could not evaluate. @public
 */
export interface KargoStageLinks {
  links: KargoResolvedLink[];
  errors: string[];
}

/** `GET /v1beta1/system/public-server-config`, as the client returns it. @public */
export interface KargoPublicServerConfig {
  oidc?: {
    issuerUrl?: string;
    clientId?: string;
    cliClientId?: string;
    scopes?: string[];
  };
  adminAccountEnabled?: boolean;
  skipAuth?: boolean;
}

/**
 * A typed client of one Kargo instance's REST API (`/v1beta1`), its types
 * generated from Kargo v1.11.2's swagger.json (kargo-api/).
 *
 * Errors are `@backstage/errors` carrying a reason code (`errorWithReason`)
 * and Kargo's own message (`{"error": "..."}` body):
 * 400 InputError (`kargoRejected`), 401 AuthenticationError with a user
 * identity (`kargoSignInAgain`) / ServiceUnavailableError with the portal's
 * token (`kargoApiTokenRejected`), 403 NotAllowedError (`kargoForbidden`),
 * 404 NotFoundError (`kargoNotFound`), 409 ConflictError (`kargoConflict`),
 * anything else or unreachable ServiceUnavailableError (`kargoApiUnavailable`)
 * naming the instance, never the token.
 *
 * @public
 */
export interface KargoApiClient {
  /** The instance this client talks to. */
  readonly instance: string;
  /** The instance's `api.identity`: as whom writes are made. */
  readonly identityMode: 'user' | 'portal';
  /** The Backstage auth provider whose ID token Kargo accepts (`api.authProvider`). */
  readonly authProvider?: string;
  /** Whether a person's reads are authorized by Kargo too (`api.authorizeReads`). */
  readonly authorizeReads?: boolean;
  /**
   * The identity a write uses under `api.identity`, given the person's ID
   * token when a person is present: with `user`, the person's token, else
   * the portal's token when configured; with `portal`, always the portal's.
   * A person (`personPresent`) under `user` never falls back to the portal:
   * without their own token they must sign in, or they would act with the
   * portal's rights instead of their own.
   * Throws AuthenticationError `kargoIdentityRequired` when there is neither.
   */
  resolveIdentity(
    idToken?: string,
    options?: { personPresent?: boolean },
  ): KargoApiIdentity;
  /** `POST /v1beta1/projects/{project}/stages/{stage}/promotions`: the created Promotion. */
  promote(
    project: string,
    stage: string,
    target: KargoPromoteTarget,
    identity: KargoApiIdentity,
  ): Promise<Promotion>;
  /** `POST /v1beta1/projects/{project}/stages/{stage}/verification`. */
  reverify(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void>;
  /** `POST /v1beta1/projects/{project}/stages/{stage}/verification/abort`. */
  abortVerification(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void>;
  /** `POST /v1beta1/projects/{project}/promotions/{promotion}/abort`. */
  abortPromotion(
    project: string,
    promotion: string,
    identity: KargoApiIdentity,
  ): Promise<void>;
  /**
   * `POST /v1beta1/projects/{project}/freight/{freight}/approve?stage=`:
   * approves Freight (by name or alias) for a Stage.
   */
  approveFreight(
    project: string,
    freight: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void>;
  /** `POST /v1beta1/projects/{project}/stages/{stage}/refresh` (and its current Promotion). */
  refreshStage(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void>;
  /**
   * Whether Kargo lists the project's Stages to this identity
   * (`GET /v1beta1/projects/{project}/stages`, answered without the Stages):
   * true on 200, false when Kargo refuses (403) or knows no such project
   * (404). Other refusals throw as every call does (401: sign in again).
   */
  mayListStages(project: string, identity: KargoApiIdentity): Promise<boolean>;

  /**
   * `POST /v1beta1/projects/{project}/warehouses/{warehouse}/refresh`: the
   * Warehouse looks for new artifacts now (and makes Freight of them).
   */
  refreshWarehouse(
    project: string,
    warehouse: string,
    identity: KargoApiIdentity,
  ): Promise<void>;

  /**
   * `GET /v1beta1/projects/{project}/analysis-runs/{name}/logs`: the
   * Server-Sent Events body as Kargo v1.11.2 sends it (per chunk one
   * `data: <line>` per log line, then an empty line; akuity/kargo
   * pkg/server/get_analysisrun_logs_v1alpha1.go), until Kargo ends it or
   * `signal` aborts. Errors before the stream starts are translated as for
   * the other calls (404 unknown run; Kargo answers a metric that is not a
   * job, or a missing container, 500, and an unconfigured log stream 501).
   */
  streamAnalysisRunLogs(
    project: string,
    analysisRun: string,
    options: KargoAnalysisRunLogsOptions,
    identity: KargoApiIdentity,
    signal?: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>>;

  /**
   * `GET /v1beta1/projects/{project}/stages/{stage}/links`: the Stage's
   * ClusterConfig and ProjectConfig links as Kargo resolves them.
   */
  getStageLinks(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<KargoStageLinks>;
  /** `GET /v1beta1/system/public-server-config` (needs no token). */
  getPublicServerConfig(): Promise<KargoPublicServerConfig>;
}
