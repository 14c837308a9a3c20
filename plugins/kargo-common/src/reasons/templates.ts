import type { ReasonCode } from './reasons';

/**
 * The one English of every reason code: a template per code whose
 * `{{placeholders}}` are filled from the reason's params by
 * {@link reasonValues}. The API's {@link reasonMessage} fills them in English
 * and UTC; the frontend's translation ref takes this very object as its
 * English `reasons` (German and other languages translate these keys).
 *
 * @public
 */
export const REASON_TEMPLATES = {
  promotionRunning:
    'Kargo does not verify while Promotion {{promotion}} is running; wait for it to finish',
  noVerification: 'This Stage has no verification configured',
  noFreight: 'No Freight has been promoted to this Stage yet',
  notVerified: 'The current Freight has not been verified yet',
  implicitVerification:
    'Kargo recorded the current verification without an id (an implicit verification), so it cannot be repeated or aborted; promote the Freight again instead',
  verificationPending:
    'Verification is still pending (started {{startTime}}); abort it or wait for it to finish',
  verificationRunning:
    'Verification is still running (started {{startTime}}); abort it or wait for it to finish',
  alreadyAborted: 'The current verification was already aborted',
  stageUnreadable: 'This Stage could not be read',
  alreadyFinished:
    'The current verification already finished ({{phase}}); there is nothing to abort',
  freightOtherProject:
    'Freight "{{freight}}" belongs to project "{{freightProject}}", not to "{{stageProject}}"',
  originNotRequested:
    'Stage "{{stage}}" does not request Freight from {{origin}}',
  freightApproved: 'Freight "{{freight}}" is approved for Stage "{{stage}}"',
  directOrigin: 'Stage "{{stage}}" takes Freight directly from {{origin}}',
  verifiedUpstream: 'Freight "{{freight}}" is verified in {{stages}}',
  soaking:
    'Freight "{{freight}}" must soak {{soakMs}} in its upstream Stages to be available to Stage "{{stage}}"; so far {{soaked}}',
  notVerifiedInAll:
    'Freight "{{freight}}" must be verified in all upstream Stages ({{upstream}}) to be available to Stage "{{stage}}"',
  notVerifiedInAny:
    'Freight "{{freight}}" must be verified in at least one upstream Stage ({{upstream}}) to be available to Stage "{{stage}}"',
  freightNotGiven:
    'No Freight given: pass a Freight name or alias in project {{project}}',
  freightNotFound:
    'No Freight named or aliased "{{freight}}" in project {{project}}',
  noPromotionSteps:
    'Stage {{stage}} has no promotion steps, so Freight cannot be promoted into it',
  promotionNotFound:
    'Promotion {{promotion}} of Stage {{stage}} not found in project {{project}}',
  promotionOtherStage:
    'Promotion {{promotion}} does not promote into Stage {{stage}}',
  promotionEnded:
    'Promotion {{promotion}} has already ended ({{phase}}); only a Pending or Running Promotion can be aborted',
  pullRequestNotOfStage:
    '{{reference}} is not an open pull request of Stage {{stage}}',
  pullRequestNotOpen: '{{reference}} is not open',
  pullRequestWaitedOn:
    '{{reference}} is not orphaned: Promotion {{promotion}} waits on it',
  pullRequestFromFork:
    '{{reference}} comes from a fork: its branch is not one Kargo pushed',
  pullRequestNotPromotionBranch:
    '{{reference}} is from branch {{branch}}, which no Promotion of the Stage pushes to',
  pullRequestBranchShared:
    "The branch {{branch}} of {{reference}} is not a single Promotion's own, so it is not deleted",
  gitNoIntegration:
    'No Git provider integration is configured for host {{host}}',
  gitRateLimited: '{{provider}} {{host}}: rate limited until {{resetTime}}',
  gitUnreachable:
    '{{provider}} {{host}} could not be reached for {{repo}}: {{detail}}',
  gitUnauthorized:
    '{{provider}} rejected the credentials of the integration {{host}} (401); check its entry under integrations in the app config',
  gitForbidden:
    'The {{provider}} integration of {{host}} is not allowed to access {{repo}} (403): {{detail}}',
  gitNotFound:
    'Repository {{repo}} not found or not visible to the integration {{host}}',
  gitConflict: '{{provider}} {{host}}: {{detail}}',
  gitRefused:
    '{{provider}} {{host}} refused the request for {{repo}}: {{detail}}',
  gitFailed:
    '{{provider}} {{host}} failed for {{repo}} ({{status}}): {{detail}}',
  projectNotFound:
    "Kargo project '{{project}}' not found in instance '{{instance}}'",
  projectNotReadYet:
    "Kargo project '{{project}}' of instance '{{instance}}' could not be read yet",
  stageNotFound:
    "Stage '{{stage}}' not found in Kargo project '{{project}}' of instance '{{instance}}'",
  analysisRunNotFound:
    "AnalysisRun '{{analysisRun}}' not found in Kargo project '{{project}}' of instance '{{instance}}'",
  entityNotFound:
    'Entity {{kind}}:{{namespace}}/{{name}} not found in the catalog',
  invalidRequest: "Invalid {{location}} '{{field}}'",
  // A write through Kargo's REST API; {{message}} is Kargo's own words.
  kargoRejected:
    "Kargo (instance '{{instance}}') rejected the request: {{message}}",
  kargoSignInAgain:
    "Kargo (instance '{{instance}}') did not accept your sign-in ({{message}}); sign in again",
  kargoApiTokenRejected:
    "Kargo (instance '{{instance}}') rejected the portal's Kargo API token ({{message}}); check the instance's api.token",
  kargoForbidden:
    "Kargo (instance '{{instance}}') does not allow this: {{message}}",
  kargoNotFound:
    "Kargo (instance '{{instance}}') found nothing to act on: {{message}}",
  kargoConflict:
    "Kargo (instance '{{instance}}') refused the change as conflicting: {{message}}",
  kargoApiUnavailable:
    "Kargo's API of instance '{{instance}}' is unavailable: {{message}}",
  kargoIdentityRequired:
    "Writing to Kargo instance '{{instance}}' needs a person signed in with Kargo's identity provider, or a Kargo API token for the portal; this request has neither",
  kargoApiNotConfigured:
    "Kargo instance '{{instance}}' has no Kargo API configured (api.url), so writes are refused; reads still work",
} as const satisfies Record<ReasonCode, string>;

/**
 * Parts of reason sentences that are words rather than data: an unknown time,
 * an empty list, how many more a list leaves unnamed, a Stage with how long a Freight soaked there, where a
 * refused request field is. Translated beside {@link REASON_TEMPLATES}.
 *
 * @public
 */
export const REASON_PART_TEMPLATES = {
  unknownTime: 'unknown',
  soakedIn: '{{duration}} in {{stage}}',
  none: 'none',
  more: '{{count}} more',
  locationPath: 'path parameter',
  locationQuery: 'query parameter',
  locationBody: 'request body field',
} as const;

/** @public */
export type ReasonPart = keyof typeof REASON_PART_TEMPLATES;

/** The `{{name}}`s a template fills, in order (a name as often as it occurs). */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map(match => match[1]);
}

/**
 * A template with its `{{name}}`s filled in one pass (a missing value fills
 * nothing): a value is taken literally, even one holding `{{other}}`.
 *
 * @public
 */
export function interpolate(
  template: string,
  values: Record<string, string>,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name] : '',
  );
}
