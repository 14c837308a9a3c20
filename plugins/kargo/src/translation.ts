import {
  createTranslationRef,
  type TranslationRef,
} from '@backstage/core-plugin-api/alpha';
import {
  REASON_PART_TEMPLATES,
  REASON_TEMPLATES,
} from '@kargo-backstage/plugin-kargo-common';

/** The English messages (the default language). */
export const kargoMessages = {
  tab: { title: 'Kargo' },
  card: {
    title: 'Kargo',
    stage: 'Stage',
    verification: 'Verification',
    pullRequests: 'Open PRs',
    actions: 'Actions',
    openPullRequests_one: '{{count}} open PR',
    openPullRequests_other: '{{count}} open PRs',
    pullRequestsPending: 'PRs not known yet',
  },
  links: {
    button: 'Links',
    buttonLabel: 'Links of {{stage}}',
    loading: 'Loading links…',
    empty: 'No links for this Stage',
    unavailable: 'Links not available',
    argoCdApps: 'Argo CD Applications',
    argoCdApp: '{{name}}: {{health}}, {{sync}}',
    notChecked: 'not checked yet',
  },
  states: {
    staleBanner: 'Kargo data is stale: last updated {{time}}',
    staleBannerUnknown: 'Kargo data is stale: never updated',
    staleMessage:
      'The last attempt to read Kargo failed; this page shows older data.',
    refreshFailed:
      'Could not refresh Kargo data: {{message}}; showing data from {{time}}',
    refreshFailedUnknown:
      'Could not refresh Kargo data: {{message}}; showing earlier data',
    emptyTitle: 'No Kargo Stages',
    emptyDescription:
      'The Kargo project this entity names has no Stages (or none match kargo.akuity.io/stages).',
    projectError: 'Could not read Kargo project {{project}} ({{instance}})',
    stageError: 'This Stage could not be read',
  },
  stage: {
    phase: 'Phase: {{phase}}',
    health: 'Health: {{health}}',
    healthUnknown: 'Health: Unknown',
    openInKargo: 'Open in Kargo',
    currentFreight: 'Current freight',
    noFreight: 'No freight',
    verificationHistory: 'Verification history',
    pullRequests: 'Pull requests',
    pullRequestError: 'Could not list pull requests of {{repo}}',
  },
  verification: {
    phase: 'Phase',
    start: 'Started',
    duration: 'Duration',
    actor: 'Actor',
    freight: 'Freight',
    analysisRun: 'AnalysisRun',
    none: 'No verifications yet',
    noRun: 'no AnalysisRun',
    stale: 'Stale',
    staleTooltip:
      'Kargo still shows {{recorded}}; the AnalysisRun {{phase}} at {{time}}',
    staleTooltipNoTime:
      'Kargo still shows {{recorded}}; the AnalysisRun is {{phase}}',
    staleTooltipUnlisted:
      'Kargo no longer lists this run; the AnalysisRun is {{phase}}',
    noVerification: 'No verification',
    staleExplained:
      "Stale: Kargo still records another phase for this run; the phase shown is the AnalysisRun's own, which is the truth.",
  },
  pipeline: {
    title: 'Pipeline',
    from: 'from {{sources}}',
    hiddenUpstream: 'also from {{stages}} (not on this page)',
    noFreight: 'No Freight',
    verification: 'Verification: {{phase}}',
    showStage: 'Show the details of {{stage}}',
  },
  details: {
    show: 'Show details',
    hide: 'Hide details',
  },
  summary: {
    freight: 'Freight: {{freight}}',
    waitingOnPullRequest: 'Waiting on PR #{{number}}',
    waitingOnMergeRequest: 'Waiting on merge request !{{number}}',
    waitingOnPullRequestNoNumber: 'Waiting on a pull request',
  },
  promotions: {
    title: 'Promotions',
    none: 'No Promotions yet',
    freight: 'Freight',
    actor: 'By',
    started: 'Started',
    phase: 'Phase',
    step: 'Step',
    pullRequest: 'PR',
    verification: 'Verification',
    atStep: 'running {{step}}',
    copy: 'Copy',
    copied: 'Copied',
  },
  steps: {
    title: 'Steps of {{name}}',
    show: 'Every step of {{name}}',
    none: 'Kargo recorded no steps for this Promotion.',
    step: 'Step',
    kind: 'Kind',
    status: 'Status',
    started: 'Started',
    took: 'took {{duration}}',
    message: 'Message',
    outputs: 'Outputs',
    pending: 'Waiting',
    notRun: 'Not run',
    errors_one: '{{count}} failed attempt',
    errors_other: '{{count}} failed attempts',
    commit: 'commit {{id}}',
    branch: 'branch {{branch}}',
    moreLinks_one: '{{count}} more link in the steps',
    moreLinks_other: '{{count}} more links in the steps',
    linksNotShown_one: '{{count}} more link not shown',
    linksNotShown_other: '{{count}} more links not shown',
  },
  waiting: {
    banner: 'Waiting for PR #{{number}} to be merged, open for {{age}}',
    bannerMergeRequest:
      'Waiting for merge request !{{number}} to be merged, open for {{age}}',
    bannerNoNumber: 'Waiting for a pull request to be merged, for {{age}}',
    detail:
      'Promotion {{promotion}} stays at its git-wait-for-pr step until the pull request is merged; Promotions queued behind it fail if it waits too long.',
    open: 'Open the pull request',
    minutes_one: '{{count}} min',
    minutes_other: '{{count}} min',
    hours_one: '{{count}} h',
    hours_other: '{{count}} h',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
  },
  promote: {
    button: 'Promote',
    title: 'Promote Freight into {{stage}}',
    body: 'Choose the Freight to promote. Kargo creates a Promotion that runs the steps of {{stage}}.',
    freight: 'Freight',
    confirm: 'Promote',
    notPermitted: 'You are not permitted to promote into this Stage.',
    noneAvailable: 'No Freight is available to this Stage now.',
    approved: 'approved',
    current: 'current',
    changes: 'What promoting {{freight}} changes',
    change: '{{repository}}: {{from}} → {{to}}',
    changeAdded: '{{repository}}: {{to}} (new)',
    changeDropped: '{{repository}}: {{from}} (not in this Freight)',
    compare: 'compare',
    noChanges: 'Same artifacts as the current Freight',
    contents: 'What the Freight holds',
    reverifiedFailed:
      'Verified in {{stage}} on {{verifiedAt}}, but re-verified there on {{reverifiedAt}}: {{phase}}. Kargo still offers it.',
    reverifiedFailedMetric:
      'Verified in {{stage}} on {{verifiedAt}}, but re-verified there on {{reverifiedAt}}: {{phase}} (metric {{metric}}). Kargo still offers it.',
    requested: 'Promotion {{promotion}} created for {{stage}}',
    failed: 'Promotion into {{stage}} failed: {{message}}',
  },
  approveFreight: {
    button: 'Approve for {{stage}}',
    label: 'Approve {{freight}} for {{stage}}',
    title: 'Approve {{freight}} for {{stage}}?',
    body: 'Kargo will make {{freight}} available to {{stage}} without its verification in the upstream Stages. Approve only Freight you have checked.',
    confirm: 'Approve',
    notPermitted: 'You are not permitted to approve Freight for this Stage.',
    approved: 'Kargo approved {{freight}} for {{stage}}',
    failed: 'Approving {{freight}} for {{stage}} failed: {{message}}',
  },
  closePullRequest: {
    close: 'Close',
    closeAndDelete: 'Close and delete branch',
    label: 'Close {{reference}}',
    labelAndDelete: 'Close {{reference}} and delete branch {{branch}}',
    title: 'Close {{reference}}?',
    titleAndDelete: 'Close {{reference}} and delete its branch?',
    body: '"{{title}}" will be closed as the portal\'s Git identity. No Promotion of {{stage}} waits on it.',
    bodyAndDelete:
      '"{{title}}" will be closed as the portal\'s Git identity, and its Promotion branch {{branch}} deleted. No Promotion of {{stage}} waits on it.',
    confirm: 'Close',
    notPermitted: 'You are not permitted to close pull requests of this Stage.',
    closed: 'Closed {{reference}}',
    closedAndDeleted: 'Closed {{reference}} and deleted branch {{branch}}',
    failed: 'Closing {{reference}} failed: {{message}}',
  },
  autoPromotion: {
    on: 'Auto-promotes',
    held: 'Auto-promotion paused for {{origin}}',
    heldSince: 'Auto-promotion paused for {{origin}} since {{since}}',
    heldBy:
      'Auto-promotion paused for {{origin}} since {{since}} by Promotion {{promotion}}',
    heldByActor:
      'Auto-promotion paused for {{origin}} since {{since}} by Promotion {{promotion}} ({{actor}})',
    willHold:
      "Kargo auto-promotes into this Stage. Promoting this Freight instead of {{candidate}}, the newest from {{origin}}, pauses auto-promotion for {{origin}} until {{origin}}'s newest Freight is promoted here.",
    willHoldNoCandidate:
      'Kargo auto-promotes into this Stage. Promoting this Freight pauses auto-promotion for {{origin}} until its newest Freight is promoted here.',
    willResume:
      'Promoting the newest Freight from {{origin}} resumes auto-promotion for {{origin}}.',
  },
  refresh: {
    button: 'Refresh',
    label: 'Refresh {{stage}}',
    title: 'Refresh {{stage}}?',
    body: 'Kargo does this on its own at intervals; refresh to have it done now.',
    what: 'What to refresh',
    warehouses:
      'Look for new Freight now: Warehouse {{warehouses}} checks its sources, and new artifacts become Freight',
    noWarehouse:
      'Look for new Freight: this Stage takes Freight from no Warehouse',
    stage: 'Refresh the Stage {{stage}} (and its current Promotion)',
    confirm: 'Refresh',
    notPermitted: 'You are not permitted to refresh this Stage.',
    warehousesRequested:
      'Kargo is looking for new Freight in {{warehouses}}; new Freight appears here when it arrives',
    stageRequested: 'Kargo is refreshing {{stage}}',
    failed: 'Refreshing {{stage}} failed: {{message}}',
  },
  retryPromotion: {
    button: 'Retry',
    label: 'Retry Promotion {{promotion}}',
    title: 'Retry Promotion {{promotion}}?',
    body: 'Kargo will promote {{freight}} into {{stage}} again, in a new Promotion that runs every step of the Stage.',
    confirm: 'Retry',
  },
  abortPromotion: {
    button: 'Abort',
    label: 'Abort Promotion {{promotion}}',
    title: 'Abort Promotion {{promotion}}?',
    body: 'Kargo will terminate Promotion {{promotion}} into {{stage}} at the step it is at; it ends as Aborted and the Stage keeps the Freight it has.',
    confirm: 'Abort Promotion',
    notPermitted: 'You are not permitted to abort Promotions into this Stage.',
    alreadyRequested: 'Abort requested; Kargo has not ended the Promotion yet.',
    requested: 'Abort of Promotion {{promotion}} requested',
    failed: 'Abort of Promotion {{promotion}} failed: {{message}}',
  },
  drawer: {
    title: 'AnalysisRun {{name}}',
    close: 'Close',
    summary: 'Summary',
    started: 'Started',
    completed: 'Completed',
    message: 'Message',
    metrics: 'Metrics',
    noMetrics: 'This AnalysisRun has no metric results.',
    measurement: '{{phase}} measurement at {{time}}',
    value: 'value: {{value}}',
    moreMetrics_one:
      '{{count}} more metric is not shown (unfinished and failed ones first).',
    moreMetrics_other:
      '{{count}} more metrics are not shown (unfinished and failed ones first).',
  },
  logs: {
    show: 'Logs',
    hide: 'Hide logs',
    region: 'Logs of {{metric}}',
    container: 'Container',
    follow: 'Follow',
    copy: 'Copy logs',
    copied: 'Logs copied',
    connecting: 'Connecting to Kargo…',
    streaming: 'Streaming',
    ended: 'The log ended.',
    notJob: 'This metric has no logs: only job metrics have logs in Kargo.',
    noJob: 'This metric has no logs: Kargo recorded no Job for it.',
    empty: 'This metric has no logs: Kargo sent none (the Job may be gone).',
    broken: 'The log stream broke.',
    resume: 'Resume',
    failed: 'The logs could not be read: {{message}}',
    paused_one: 'Paused: {{count}} new line',
    paused_other: 'Paused: {{count}} new lines',
    dropped: 'Earlier lines dropped: only the newest are shown',
  },
  pullRequests: {
    number: 'Number',
    title: 'Title',
    state: 'State',
    branches: 'Branches',
    author: 'Author',
    age: 'Age',
    promotion: 'Promotion',
    none: 'No open pull requests',
    orphaned: 'Orphaned',
    orphanedTooltip:
      'Open, but no running or pending Promotion of this Stage waits for it: Kargo lost track of it. Merge or close it by hand.',
    actions: 'Actions',
  },
  actions: {
    reverify: 'Reverify',
    abort: 'Abort verification',
    reverifyTitle: 'Reverify {{stage}}?',
    reverifyBody:
      'Kargo will run the verification of the current freight of {{stage}} again.',
    abortTitle: 'Abort the verification of {{stage}}?',
    abortBody:
      'Kargo will terminate the running AnalysisRun; the verification ends as Failed.',
    confirmReverify: 'Confirm reverify',
    confirmAbort: 'Confirm abort',
    cancel: 'Cancel',
    reverifyRequested: 'Reverify requested for {{stage}}',
    abortRequested: 'Abort requested for {{stage}}',
    reverifyFailed: 'Reverify of {{stage}} failed: {{message}}',
    abortFailed: 'Abort of {{stage}} failed: {{message}}',
    notPermittedReverify: 'You are not permitted to reverify this Stage.',
    notPermittedAbort: 'You are not permitted to abort this verification.',
    checkingPermission: 'Checking your permissions…',
    notAllowed: 'Kargo does not allow this action right now.',
    signInToAct: 'Sign in with {{provider}} to act in Kargo',
  },
  // Why an action or a Freight is (not) available: kargo-common's one
  // English of each reason code (`ReasonCode`), its params as placeholders.
  reasons: REASON_TEMPLATES,
  reasonParts: REASON_PART_TEMPLATES,
  catalogFilter: {
    title: 'Kargo',
    phase: 'Verification',
    anyPhase: 'Any',
    stale: 'Stale verification history',
    openPullRequests: 'Open pull requests',
    orphanedPullRequests: 'Orphaned pull requests',
  },
  // The scaffolder field `KargoIdentity`: as whom a task acts in Kargo.
  scaffolderField: {
    title: 'Act in Kargo as',
    checking: 'Checking your Kargo sign-in…',
    asPerson:
      'You: the task acts in Kargo with your {{provider}} sign-in, so Kargo decides by your rights and records you.',
    asPortal:
      "The portal: this Kargo instance writes with the portal's Kargo API token, and Kargo records the portal.",
    signIn:
      'Sign in with {{provider}} so that the task can act in Kargo as you; without it, Kargo refuses its writes.',
    yourProvider: "Kargo's identity provider",
  },
  searchResult: {
    verification: 'Verification:',
    noVerification: 'No current verification',
    stale: 'stale history',
    openPullRequests_one: '{{count}} open PR',
    openPullRequests_other: '{{count}} open PRs',
    orphanedPullRequests_one: '{{count}} orphaned',
    orphanedPullRequests_other: '{{count}} orphaned',
    statusUnavailable: 'Kargo status unavailable',
  },
} as const;

/** Each message of a nested table as [its dotted key, its text]. */
type MessageEntries<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? [`${Prefix}${K}`, T[K]]
    : MessageEntries<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * The English messages by their dotted keys, as the translation ref holds
 * them. Declared, not inferred: the API report prints a declaration as
 * written, but an inferred type's keys in the type checker's order, which
 * changes with whatever else the program holds (a new test file reordered
 * the report).
 *
 * @alpha
 */
export type KargoMessages = {
  readonly [Entry in MessageEntries<
    typeof kargoMessages
  > as Entry[0]]: Entry[1];
};

/**
 * Every string the Kargo frontend shows. Override them through the app's
 * translation API; `kargoTranslations` adds German.
 *
 * @alpha
 */
export const kargoTranslationRef: TranslationRef<
  'plugin.kargo',
  KargoMessages
> = createTranslationRef({
  id: 'plugin.kargo',
  messages: kargoMessages,
});
