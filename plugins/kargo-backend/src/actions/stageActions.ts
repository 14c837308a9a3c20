import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { toAssistantStageView } from '@kargo-backstage/plugin-kargo-common';
import { findReadableStage, served } from '../services/snapshot/queries/lookup';
import { resolveInstance } from '../router/params';
import { callerRefusals } from './callers';
import type { KargoActionsOptions, RegistryZod } from './types';

const stageInput = (z: RegistryZod) =>
  z.object({
    project: z
      .string()
      .regex(
        /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
        'must be a Kargo project (namespace) name',
      )
      .describe('Kargo project (the Kubernetes namespace), e.g. "checkout"'),
    stage: z
      .string()
      .max(253)
      .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'must be a Kargo Stage name')
      .describe('Stage name, e.g. "staging"'),
    instance: z
      .string()
      .optional()
      .describe(
        'Configured Kargo instance; the first configured one when omitted',
      ),
  });

const availability = (z: RegistryZod) =>
  z.object({
    allowed: z.boolean(),
    reason: z.string().nullable().describe('Why not, when not allowed'),
  });

const stageViewOutput = (z: RegistryZod) =>
  z.object({
    stage: z.string(),
    instance: z.string(),
    project: z.string(),
    phase: z.string().describe('Stage phase as Kargo shows it'),
    health: z.string().nullable(),
    freight: z.string().nullable().describe('Current Freight: alias (name)'),
    verificationPhase: z
      .string()
      .describe('Live phase of the current verification, or None'),
    summary: z.string().describe('What matters, in one paragraph'),
    verifications: z
      .array(
        z.object({
          id: z.string().nullable(),
          analysisRun: z.string().nullable(),
          freight: z.string().nullable(),
          phase: z
            .string()
            .describe('Live phase: what the AnalysisRun says now'),
          recordedPhase: z
            .string()
            .optional()
            .describe("Kargo's out-of-date record, only when stale"),
          stale: z.literal(true).optional(),
          current: z
            .literal(true)
            .optional()
            .describe("Belongs to the Stage's current Freight"),
          aborted: z.literal(true).optional(),
          startTime: z.string().nullable(),
          finishTime: z.string().nullable(),
          actor: z.string().optional(),
          failures: z
            .array(z.string())
            .optional()
            .describe('Failed metrics with their messages'),
        }),
      )
      .describe('Newest first'),
    pullRequests: z.array(
      z.object({
        url: z.string(),
        title: z.string(),
        state: z.enum(['open', 'merged', 'closed']),
        promotion: z.string().nullable(),
        orphaned: z.boolean().describe('Open but no Promotion waits for it'),
        createdAt: z.string().nullable(),
      }),
    ),
    pullRequestErrors: z.array(z.string()),
    promotions: z
      .array(
        z.object({
          name: z.string(),
          phase: z.string(),
          freight: z.string().nullable(),
          actor: z.string().nullable(),
          startedAt: z.string().nullable(),
          finishedAt: z.string().nullable(),
          failedStep: z
            .string()
            .optional()
            .describe("The step that failed and Kargo's message"),
          currentStep: z
            .string()
            .optional()
            .describe("A running Promotion's current step"),
          waitingOn: z
            .string()
            .optional()
            .describe(
              'The pull/merge request a running Promotion waits on to be merged, and since when',
            ),
        }),
      )
      .describe("The Stage's Promotions, newest first (at most ten)"),
    freightWarnings: z
      .array(z.string())
      .describe(
        'Freight offered to the Stage although its re-verification failed in an upstream Stage, which Kargo does not say (akuity/kargo#5144)',
      ),
    freightOptions: z
      .array(
        z.object({
          freight: z.string().describe('Alias (or name) of the Freight'),
          current: z.boolean().describe('The Stage holds it now'),
          available: z
            .boolean()
            .describe('Kargo lets it be promoted into the Stage now'),
          reason: z.string().describe('Why it is or is not available'),
          changes: z
            .array(z.string())
            .describe(
              "What promoting it would change from the Stage's current Freight, e.g. 'ghcr.io/acme/api: v1.6.0 -> v1.8.0'",
            ),
        }),
      )
      .describe(
        'The Freight the Stage requests, newest first: what promote-stage may promote',
      ),
    actions: z.object({ reverify: availability(z), abort: availability(z) }),
    kargoUrl: z.string().nullable(),
    dataAsOf: z
      .string()
      .nullable()
      .describe('When this data was read from Kargo'),
    dataStale: z
      .boolean()
      .describe('The last refresh failed; this is older data'),
    error: z.string().optional(),
  });

const writeOutput = (z: RegistryZod) =>
  z.object({
    verificationId: z
      .string()
      .describe('The verification Kargo was asked to act on'),
    actedAs: z
      .enum(['person', 'portal', 'kubernetes'])
      .describe(
        "As whom Kargo saw the write: portal (the instance's Kargo API token) or kubernetes (the fallback); a tool call carries no person's token",
      ),
    message: z.string(),
  });

type VerificationCommand = 'reverify' | 'abortVerification';

const WRITES: Record<
  VerificationCommand,
  { name: string; title: string; description: string; done: string }
> = {
  reverify: {
    name: 'reverify-stage',
    title: 'Reverify a Kargo Stage',
    description:
      "Asks Kargo to verify the Stage's current Freight again (a new AnalysisRun). Allowed only when the current verification has finished and no Promotion runs; get-stage says whether and why not. Needs kargo.stage.reverify; Kargo is then asked with the portal's Kargo API token (the instance's api.token), and refuses or records that account.",
    done: 'Kargo was asked to verify again; a new AnalysisRun appears in get-stage within a refresh or two',
  },
  abortVerification: {
    name: 'abort-verification',
    title: "Abort a Kargo Stage's verification",
    description:
      "Aborts the Stage's running verification (Kargo records it as Failed, aborted by the user). Allowed only while it is Pending or Running; get-stage says whether and why not. Needs kargo.stage.abort; Kargo is then asked with the portal's Kargo API token (the instance's api.token), and refuses or records that account.",
    done: 'Kargo was asked to abort the running verification',
  },
};

export function registerStageActions(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  const { auth, kargo, permissions, snapshots, commands } = options;
  const configured = () => kargo.listInstances().map(i => i.name);

  registry.register({
    name: 'get-stage',
    title: 'Get a Kargo Stage',
    description:
      "A Kargo Stage's true verification history (live phase of every AnalysisRun; `stale` marks records where Kargo's status disagrees with the run, `failures` says which metrics failed and why), its pull requests (`orphaned`: open, but no Promotion waits for it), its Promotions (a failed step with Kargo's message, the PR a running Promotion waits on and since when) and whether the caller may Reverify or Abort now, with the reason when not.",
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: { input: stageInput, output: stageViewOutput },
    action: async ({ input, credentials }) => {
      const instance = resolveInstance(
        { instance: input.instance },
        configured(),
      );
      const ref = { instance, project: input.project, name: input.stage };
      // Permission first; denied, no such project, no such Stage: one
      // answer, as the REST route gives.
      const { found, detail } = await findReadableStage(
        snapshots,
        permissions,
        credentials,
        ref,
      );
      const refusals = await callerRefusals(
        auth,
        permissions,
        ref,
        credentials,
        options.serviceWriters,
      );
      return {
        output: toAssistantStageView(served(found, detail), refusals),
      };
    },
  });

  // Thin adapters onto the one write pipeline: a user or a service, with no
  // person's Kargo token (none travels through a tool call), so Kargo is
  // asked as the portal, or the write is refused (kargoIdentityRequired).
  for (const command of Object.keys(WRITES) as VerificationCommand[]) {
    const { done, ...meta } = WRITES[command];
    registry.register({
      ...meta,
      attributes: { readOnly: false, destructive: true, idempotent: false },
      schema: { input: stageInput, output: writeOutput },
      action: async ({ input, credentials }) => {
        const instance = resolveInstance(
          { instance: input.instance },
          configured(),
        );
        const { id, actedAs } = await commands.run(
          command,
          { instance, project: input.project, stage: input.stage },
          { credentials },
        );
        return { output: { verificationId: id, actedAs, message: done } };
      },
    });
  }
}

type FreightCommand = 'promote' | 'approveFreight';

const FREIGHT_WRITES: Record<
  FreightCommand,
  {
    name: string;
    title: string;
    description: string;
    idempotent: boolean;
    done: (
      result: { freight: string; promotion?: string },
      stage: string,
    ) => string;
  }
> = {
  promote: {
    name: 'promote-stage',
    title: 'Promote Kargo Freight into a Stage',
    description:
      "Promotes Freight (name or alias) into a Stage: Kargo creates a Promotion that runs the Stage's steps. Also retries a Failed or Errored Promotion: promote its Freight again. Only Freight Kargo offers the Stage: get-stage lists freightOptions, each with available and why not, and what it would change. Needs kargo.stage.promote on the Stage; Kargo is then asked with the portal's Kargo API token (the instance's api.token), and refuses or records that account.",
    idempotent: false,
    done: (r, stage) =>
      `Kargo created Promotion ${r.promotion} of Freight ${r.freight} into Stage ${stage}; get-stage shows it running`,
  },
  approveFreight: {
    name: 'approve-freight',
    title: 'Approve Kargo Freight for a Stage',
    description:
      "Approves Freight (name or alias) of the project for a Stage, so it can be promoted there without passing the Stage's upstream Stages (Kargo's manual approval). Needs kargo.freight.approve on the Stage; Kargo is then asked with the portal's Kargo API token (the instance's api.token), and refuses or records that account. Approving Freight already approved succeeds.",
    idempotent: true,
    done: (r, stage) =>
      `Kargo approved Freight ${r.freight} for Stage ${stage}: it can be promoted there now`,
  },
};

/**
 * `promote-stage` and `approve-freight`: thin adapters onto the one write
 * pipeline for a Freight the input names (resolved against the project's
 * Freight by the command, never used as given).
 */
export function registerFreightActions(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  const { kargo, commands } = options;
  for (const command of Object.keys(FREIGHT_WRITES) as FreightCommand[]) {
    const spec = FREIGHT_WRITES[command];
    registry.register({
      name: spec.name,
      title: spec.title,
      description: spec.description,
      attributes: {
        readOnly: false,
        destructive: true,
        idempotent: spec.idempotent,
      },
      schema: {
        input: z =>
          stageInput(z).extend({
            freight: z
              .string()
              .min(1)
              .max(253)
              .describe('Name or alias of a Freight of the project'),
          }),
        output: z =>
          z.object({
            freight: z.string().describe('Name of the Freight'),
            promotion: z
              .string()
              .optional()
              .describe('The Promotion Kargo created (promote-stage)'),
            actedAs: z
              .enum(['person', 'portal', 'kubernetes'])
              .describe('As whom Kargo saw the write'),
            message: z.string(),
          }),
      },
      action: async ({ input, credentials }) => {
        const instance = resolveInstance(
          { instance: input.instance },
          kargo.listInstances().map(i => i.name),
        );
        const result: {
          freight: string;
          promotion?: string;
          actedAs: 'person' | 'portal' | 'kubernetes';
        } = await commands.run(
          command,
          {
            instance,
            project: input.project,
            stage: input.stage,
            freight: input.freight,
          },
          { credentials },
        );
        return {
          output: {
            freight: result.freight,
            ...(result.promotion ? { promotion: result.promotion } : {}),
            actedAs: result.actedAs,
            message: spec.done(result, input.stage),
          },
        };
      },
    });
  }
}

/**
 * `close-pull-request`: closes an orphaned PR/MR of a Stage (and deletes its
 * Promotion's branch when asked) through the one write pipeline, as the
 * portal's Git identity. What may be closed is decided from Kargo's objects
 * and the provider's listing, never from the input.
 */
export function registerClosePullRequestAction(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  const { kargo, commands } = options;
  registry.register({
    name: 'close-pull-request',
    title: 'Close an orphaned pull request of a Kargo Stage',
    description:
      "Closes an orphaned pull/merge request of a Stage (one no Pending or Running Promotion waits on, from a branch the Stage's Promotions push to in the same repository, not a fork's), as the portal's Git identity; with deleteBranch, also deletes its Promotion's own kargo/promotion/<Promotion> branch. Needs kargo.pullrequest.close on the Stage. get-stage lists a Stage's pull requests with `orphaned` and `closable`. Refused (nothing written) for a PR a Promotion waits on, another Stage's PR, a fork's PR or a branch no Promotion pushes.",
    attributes: { readOnly: false, destructive: true, idempotent: false },
    schema: {
      input: z =>
        stageInput(z).extend({
          repoUrl: z
            .string()
            .url()
            .max(2048)
            .describe("The PR's repository, as get-stage lists it (repoUrl)"),
          number: z.number().int().positive().describe('The PR/MR number'),
          deleteBranch: z
            .boolean()
            .optional()
            .describe("Also delete its Promotion's branch (default false)"),
        }),
      output: z =>
        z.object({
          pullRequest: z.string().describe("The closed PR/MR's web URL"),
          deletedBranch: z
            .string()
            .nullable()
            .describe('The branch deleted, if any'),
          message: z.string(),
        }),
    },
    action: async ({ input, credentials }) => {
      const instance = resolveInstance(
        { instance: input.instance },
        kargo.listInstances().map(i => i.name),
      );
      const { pullRequest, deletedBranch } = await commands.run(
        'closePullRequest',
        {
          instance,
          project: input.project,
          stage: input.stage,
          repoUrl: input.repoUrl,
          number: input.number,
          deleteBranch: input.deleteBranch ?? false,
        },
        { credentials },
      );
      return {
        output: {
          pullRequest,
          deletedBranch,
          message: `Closed ${pullRequest}${
            deletedBranch ? ` and deleted its branch ${deletedBranch}` : ''
          }`,
        },
      };
    },
  });
}

const actedAsOutput = (z: RegistryZod) =>
  z
    .enum(['person', 'portal', 'kubernetes'])
    .describe('As whom Kargo saw the write');

/**
 * `refresh-stage` and `refresh-warehouses`: thin adapters onto the one write
 * pipeline (kargo.stage.refresh on the Stage). A tool call carries no
 * person's Kargo token, so Kargo is asked as the portal (the instance's
 * api.token), or the write is refused.
 */
export function registerRefreshActions(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  const { kargo, commands } = options;
  const instanceOf = (instance?: string) =>
    resolveInstance(
      { instance },
      kargo.listInstances().map(i => i.name),
    );

  registry.register({
    name: 'refresh-stage',
    title: 'Refresh a Kargo Stage',
    description:
      "Asks Kargo to reconcile a Stage (and its current Promotion) now instead of at its next interval. Needs kargo.stage.refresh on the Stage; Kargo is then asked with the portal's Kargo API token (the instance's api.token).",
    attributes: { readOnly: false, destructive: false, idempotent: true },
    schema: {
      input: stageInput,
      output: z => z.object({ actedAs: actedAsOutput(z), message: z.string() }),
    },
    action: async ({ input, credentials }) => {
      const result = await commands.run(
        'refreshStage',
        {
          instance: instanceOf(input.instance),
          project: input.project,
          stage: input.stage,
        },
        { credentials },
      );
      return {
        output: {
          actedAs: result.actedAs,
          message: `Kargo was asked to refresh Stage ${input.stage}`,
        },
      };
    },
  });

  registry.register({
    name: 'refresh-warehouses',
    title: "Refresh a Kargo Stage's Warehouses",
    description:
      "Asks Kargo to make the Warehouses a Stage requests Freight from (its spec.requestedFreight[].origin) look for new artifacts now; Kargo makes new Freight when the sources have new artifacts (get-stage shows it once it arrives). Needs kargo.stage.refresh on the Stage; Kargo is then asked with the portal's Kargo API token (the instance's api.token).",
    attributes: { readOnly: false, destructive: false, idempotent: true },
    schema: {
      input: z =>
        stageInput(z).extend({
          warehouse: z
            .string()
            .max(253)
            .optional()
            .describe(
              'One of the Warehouses the Stage requests Freight from; all of them when omitted',
            ),
        }),
      output: z =>
        z.object({
          warehouses: z
            .array(z.string())
            .describe('The Warehouses Kargo was asked to refresh'),
          actedAs: actedAsOutput(z),
          message: z.string(),
        }),
    },
    action: async ({ input, credentials }) => {
      const { warehouses, actedAs: as } = await commands.run(
        'refreshWarehouse',
        {
          instance: instanceOf(input.instance),
          project: input.project,
          stage: input.stage,
          warehouse: input.warehouse,
        },
        { credentials },
      );
      return {
        output: {
          warehouses,
          actedAs: as,
          message: `Kargo was asked to look for new Freight in Warehouse ${warehouses.join(
            ', ',
          )}; new Freight appears on the Stage once Kargo makes it`,
        },
      };
    },
  });
}
