import type {
  AuditorService,
  AuditorServiceEventSeverityLevel,
  BackstageCredentials,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  errorWithReason,
  kargoStageReadPermission,
  kargoStageResourceRef,
  kargoStageAbortPermission,
  kargoStagePromotePermission,
  kargoFreightApprovePermission,
  kargoPullRequestClosePermission,
  kargoPullRequestOpenPermission,
  kargoStageReverifyPermission,
  kargoStageRefreshPermission,
} from '@kargo-backstage/plugin-kargo-common';
import {
  requireStagePermission,
  type StagePermission,
} from '../permissions/stagePermissions';
import type { KargoService } from '../types';
import { chooseWriteIdentity } from './identity';
import type {
  KargoActedAs,
  KargoCaller,
  KargoCommandHandlers,
  KargoCommandName,
  KargoCommandRequest,
  KargoCommandResult,
  KargoCommandService,
  KargoWriteAs,
  KargoWrittenEvent,
} from './types';

/**
 * What guards a command: its permission and its one audit event id.
 *
 * @public
 */
export interface KargoCommandPolicy {
  eventId: string;
  permission: StagePermission;
  severityLevel: AuditorServiceEventSeverityLevel;
  /**
   * Where it writes: `kargo` (default; as the person or the portal in Kargo)
   * or `git` (a Git provider, always as the portal's Git identity from
   * Backstage's integrations: no Kargo identity is needed).
   */
  writesTo?: 'kargo' | 'git';
}

/**
 * One audit event id per command, the same from every entry point. Aborting
 * a Promotion takes `kargo.stage.promote`: who may start Promotions into a
 * Stage may stop them.
 *
 * @public
 */
export const KARGO_COMMAND_POLICIES: Record<
  KargoCommandName,
  KargoCommandPolicy
> = {
  promote: {
    eventId: 'kargo-promote',
    permission: kargoStagePromotePermission,
    severityLevel: 'high',
  },
  reverify: {
    eventId: 'kargo-reverify',
    permission: kargoStageReverifyPermission,
    severityLevel: 'medium',
  },
  abortVerification: {
    eventId: 'kargo-verification-abort',
    permission: kargoStageAbortPermission,
    severityLevel: 'medium',
  },
  abortPromotion: {
    eventId: 'kargo-promotion-abort',
    permission: kargoStagePromotePermission,
    severityLevel: 'high',
  },
  // Approving makes Freight promotable into the Stage past its upstream
  // Stages' verification: as weighty as promoting.
  approveFreight: {
    eventId: 'kargo-freight-approve',
    permission: kargoFreightApprovePermission,
    severityLevel: 'high',
  },
  // A bot closing a bot's PR: the portal's Git identity, never the person's.
  closePullRequest: {
    eventId: 'kargo-pullrequest-close',
    permission: kargoPullRequestClosePermission,
    severityLevel: 'medium',
    writesTo: 'git',
  },
  // Opening (or reclaiming) the PR Kargo's git-open-pr step opens: the same
  // bot identity; the event id is the one the scaffolder action always used.
  openPullRequest: {
    eventId: 'kargo-pull-request-open',
    permission: kargoPullRequestOpenPermission,
    severityLevel: 'medium',
    writesTo: 'git',
  },
  // Refreshing changes nothing a Stage holds: Kargo only reconciles (the
  // Stage, or its Warehouses, which may make new Freight) now, not later.
  refreshStage: {
    eventId: 'kargo-stage-refresh',
    permission: kargoStageRefreshPermission,
    severityLevel: 'low',
  },
  refreshWarehouse: {
    eventId: 'kargo-warehouse-refresh',
    permission: kargoStageRefreshPermission,
    severityLevel: 'low',
  },
};

/** The instance's Kargo API client, if it has an api block. */
function apiOf(kargo: KargoService, instance: string) {
  try {
    return kargo.kargoApi(instance);
  } catch {
    return undefined; // kargoApiNotConfigured
  }
}

/** Who asks, as the audit trail and the Kubernetes fallback name them. */
function actorOf(credentials: BackstageCredentials): string | undefined {
  const principal = credentials.principal as {
    type?: string;
    userEntityRef?: string;
    subject?: string;
  };
  if (principal.type === 'user') return principal.userEntityRef;
  if (principal.type === 'service') return principal.subject;
  return undefined;
}

/** @public */
export interface AuthorizedKargoCommandsOptions {
  kargo: KargoService;
  handlers: KargoCommandHandlers;
  permissions: PermissionsService;
  auditor: AuditorService;
  logger: LoggerService;
  /**
   * Service subjects that may write (`kargo.access.services[]` with
   * `write: true`). Backstage's permission client allows every service
   * everything, so without this list any static token or plugin could write
   * with the portal's Kargo rights: none may unless listed.
   */
  serviceWriters?: ReadonlySet<string> | ReadonlyMap<string, readonly string[]>;
}

/**
 * The one decorator around the commands (as Backstage's catalog wraps its
 * store in AuthorizedEntitiesCatalog): for every entry point, an audit
 * event; whether the caller may read the Stage (else `stageNotFound`, as
 * for a missing one), then the command's Backstage permission on it (a deny
 * before any cluster call, or any Kargo call but the person's own read
 * question where `api.authorizeReads` is set); the identity the write goes as; the command; then
 * the write listeners (the backend re-reads the project). Kargo's refusal is
 * final: it fails the event and nothing is refreshed.
 *
 * @public
 */
export class AuthorizedKargoCommands implements KargoCommandService {
  private readonly listeners: Array<
    (event: KargoWrittenEvent) => Promise<void> | void
  > = [];

  constructor(private readonly options: AuthorizedKargoCommandsOptions) {}

  onWritten(listener: (event: KargoWrittenEvent) => Promise<void> | void) {
    this.listeners.push(listener);
  }

  async run<K extends KargoCommandName>(
    command: K,
    request: KargoCommandRequest<K>,
    caller: KargoCaller,
  ): Promise<KargoCommandResult<K>> {
    const { kargo, permissions, auditor, logger } = this.options;
    const policy = KARGO_COMMAND_POLICIES[command];
    // An unknown instance is bad input (400), before anything else.
    const instance = kargo.cluster(request.instance).instance.name;
    const { project, stage } = request;
    const actor = actorOf(caller.credentials);
    const { instance: _asked, ...asked } = request;
    const event = await auditor.createEvent({
      eventId: policy.eventId,
      severityLevel: policy.severityLevel,
      ...(caller.request ? { request: caller.request } : {}),
      meta: { ...asked, instance, actor: actor ?? 'none' },
    });
    let actedAs: KargoActedAs | undefined;
    try {
      if (!actor) {
        throw new NotAllowedError(
          'Only a signed-in user or a service may write to Kargo',
        );
      }
      const principal = caller.credentials.principal as { type?: string };
      if (
        principal.type === 'service' &&
        !this.options.serviceWriters?.has(actor)
      ) {
        throw new NotAllowedError(
          `The service '${actor}' may not write to Kargo (kargo.access.services[].write)`,
        );
      }
      // First, and before anything is read with the portal's credentials: a
      // Stage the caller may not read is answered as one that does not
      // exist. Before the write permission too, which a conditional policy
      // (IS_IN_PROJECT, IS_STAGE) resolves to DENY for a Stage the snapshot
      // does not hold: asked first, its 403 told a missing Stage from a
      // hidden one (404).
      await this.requireReadable(instance, project, stage, caller);
      await requireStagePermission(
        permissions,
        policy.permission,
        { instance, project, name: stage },
        caller.credentials,
      );
      const as: KargoWriteAs =
        policy.writesTo === 'git'
          ? { actedAs: 'portal', git: true }
          : chooseWriteIdentity(kargo, {
              instance,
              kargoToken: caller.kargoToken,
              actor,
              personPresent:
                (caller.credentials.principal as { type?: string }).type ===
                'user',
            });
      actedAs = as.actedAs;
      const result = await this.options.handlers[command](
        { ...request, instance },
        as,
      );
      logger.info(
        `Kargo ${command} on ${instance}/${project}/${stage} as ${actedAs}`,
        { actor, actedAs },
      );
      this.announce({ command, instance, project, stage });
      await event.success({ meta: { ...result, actedAs } });
      return { ...result, instance, actedAs };
    } catch (error) {
      await event.fail({
        error: error as Error,
        ...(actedAs ? { meta: { actedAs } } : {}),
      });
      throw error;
    }
  }

  /**
   * `stageNotFound` (404, as for a missing Stage) unless the caller may read
   * the Stage: Backstage's `kargo.stage.read`; for a service, a project of
   * its `kargo.access.services[].projects`; for a person where the instance
   * sets `api.authorizeReads`, Kargo lists the project's Stages to them.
   */
  private async requireReadable(
    instance: string,
    project: string,
    stage: string,
    caller: KargoCaller,
  ) {
    const { permissions, kargo } = this.options;
    const principal = caller.credentials.principal as {
      type?: string;
      subject?: string;
    };
    const [decision] = await permissions.authorize(
      [
        {
          permission: kargoStageReadPermission,
          resourceRef: kargoStageResourceRef({
            instance,
            project,
            name: stage,
          }),
        },
      ],
      { credentials: caller.credentials },
    );
    let readable = decision.result === AuthorizeResult.ALLOW;
    if (readable && principal.type === 'service') {
      const writers = this.options.serviceWriters;
      // A bare set (no projects known) keeps the old rule: every project.
      const projects: readonly string[] | undefined =
        writers instanceof Map ? writers.get(principal.subject ?? '') : ['*'];
      readable = !!projects?.some(p => p === '*' || p === project);
    }
    if (readable && principal.type === 'user') {
      // Whatever the write mode: with `writes: kubernetes` beside an api
      // block that sets authorizeReads, the reads hide the project from the
      // person, and so must the writes (as the read routes'
      // KargoReadAnswers.applies decides).
      const api = apiOf(kargo, instance);
      if (api?.authorizeReads) {
        readable = caller.kargoToken
          ? await api.mayListStages(project, {
              type: 'user',
              idToken: caller.kargoToken,
            })
          : false;
      }
    }
    if (!readable) {
      throw errorWithReason(NotFoundError, {
        code: 'stageNotFound',
        params: { stage, project, instance },
      });
    }
  }

  private announce(event: KargoWrittenEvent) {
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(event))
        .catch(error =>
          this.options.logger.warn(
            `After Kargo ${event.command} on ${event.instance}/${event.project}: ${error}`,
          ),
        );
    }
  }
}
