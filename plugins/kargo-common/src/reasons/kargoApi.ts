/**
 * The parameters of the reasons a write through Kargo's REST API fails with.
 * `message` is Kargo's own words (the `error` of its `{"error": "..."}` body,
 * pkg/server/rest_router.go in akuity/kargo), or `HTTP <status>` when it
 * gave none; `instance` names the Kargo instance. Never a token.
 *
 * @public
 */
export interface KargoApiReasonParams {
  /** 400: Kargo refused the request as invalid. */
  kargoRejected: { instance: string; message: string };
  /** 401 with the person's ID token: expired or not accepted by Kargo. */
  kargoSignInAgain: { instance: string; message: string };
  /** 401 with the portal's Kargo API token (`api.token`): a setup problem. */
  kargoApiTokenRejected: { instance: string; message: string };
  /** 403: Kargo's RBAC denies the caller. */
  kargoForbidden: { instance: string; message: string };
  kargoNotFound: { instance: string; message: string };
  kargoConflict: { instance: string; message: string };
  /** Any other answer, a redirect, a timeout or no answer at all. */
  kargoApiUnavailable: { instance: string; message: string };
  /** A write needs a person's ID token or a portal token, and has neither. */
  kargoIdentityRequired: { instance: string };
  /** The instance has no `api` and no `writes: kubernetes`. */
  kargoApiNotConfigured: { instance: string };
}
