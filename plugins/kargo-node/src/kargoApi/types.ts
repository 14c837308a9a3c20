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
