import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  BackstageCredentials,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  type AuthorizePermissionResponse,
} from '@backstage/plugin-permission-common';
import {
  kargoAnalysisRunReadRawPermission,
  kargoStageReadPermission,
  parseKargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoApiClient } from '@kargo-backstage/plugin-kargo-node';
import { userOf } from './principals';

/** How long Kargo's answer for one person and project counts. */
export const KARGO_READ_DECISION_MS = 60_000;
/** Answers kept at most (oldest forgotten first). */
const MAX_ANSWERS = 50_000;

/**
 * The person's Kargo ID token of the request being served (the header
 * `Backstage-Kargo-Authorization`), for the reads that request makes. Set by
 * the router around each request; absent elsewhere (MCP tools, tasks,
 * notifications), where a person has no token to show Kargo.
 */
const requestToken = new AsyncLocalStorage<{ token?: string }>();

/** Runs `fn` (a request's handling) with the person's token for its reads. */
export function withKargoReadToken<T>(token: string | undefined, fn: () => T) {
  return requestToken.run({ token }, fn);
}

interface Answer {
  allowed: Promise<boolean>;
  at: number;
}

/**
 * Kargo's answer to "does Kargo list this project's Stages to this person",
 * asked at most once per person, instance and project per
 * {@link KARGO_READ_DECISION_MS} (concurrent reads share the one call),
 * never once per Stage. Any failure (the token expired: 401; Kargo
 * unreachable) is a no for that minute: a read is never allowed on a
 * question Kargo did not answer. Keys hold the user's entity ref, never the
 * token.
 */
export class KargoReadAnswers {
  private readonly answers = new Map<string, Answer>();

  constructor(
    private readonly kargoApi: (instance: string) => KargoApiClient,
    private readonly logger?: LoggerService,
    private readonly maxAgeMs = KARGO_READ_DECISION_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the instance asks Kargo about people's reads (`api.authorizeReads`). */
  applies(instance: string): boolean {
    try {
      return this.kargoApi(instance).authorizeReads === true;
    } catch {
      return false; // an instance without an api block
    }
  }

  mayRead(
    user: string,
    instance: string,
    project: string,
    token: string | undefined,
  ): Promise<boolean> {
    if (!token) return Promise.resolve(false);
    const key = `${user}\n${instance}\n${project}`;
    const now = this.now();
    const kept = this.answers.get(key);
    if (kept && now - kept.at < this.maxAgeMs) return kept.allowed;
    const allowed = this.ask(instance, project, token);
    this.answers.delete(key); // re-inserted: the Map's order is the age
    this.answers.set(key, { allowed, at: now });
    if (this.answers.size > MAX_ANSWERS) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    return allowed;
  }

  private async ask(instance: string, project: string, token: string) {
    try {
      return await this.kargoApi(instance).mayListStages(project, {
        type: 'user',
        idToken: token,
      });
    } catch (error) {
      // The client's errors name the instance and reason, never the token.
      this.logger?.info(
        `Kargo did not answer whether a person may read project '${project}' of instance '${instance}'; treated as no for a minute: ${error}`,
      );
      return false;
    }
  }
}

const GATED = new Set([
  kargoStageReadPermission.name,
  kargoAnalysisRunReadRawPermission.name,
]);

/**
 * A permissions service that also tells whether Kargo lets the caller read
 * a project whose Stages are not known yet (never read): the question of
 * unknownStages.ts, which Backstage's conditional decision cannot answer
 * for Kargo (it names no project).
 */
export interface KargoAwarePermissionsService extends PermissionsService {
  kargoMayReadProject?(
    credentials: BackstageCredentials,
    instance: string,
    project: string,
  ): Promise<boolean>;
}

/**
 * The permissions service with Kargo's say on people's reads: where an
 * instance sets `api.authorizeReads`, a `kargo.stage.read` (or raw
 * AnalysisRun) ALLOW for a person stands only if Kargo lists that project's
 * Stages to them ({@link KargoReadAnswers}), asked with the token of the
 * request being served. Backstage's policy decides first (a DENY never asks
 * Kargo); services keep what `kargo.access.services` gives them.
 */
export function kargoAuthorizedReads(
  inner: PermissionsService,
  answers: KargoReadAnswers,
): KargoAwarePermissionsService {
  return {
    // Conditional decisions name no project: Backstage's. Where a project
    // is not known yet, unknownStages.ts asks kargoMayReadProject too.
    authorizeConditional: (queries, options) =>
      inner.authorizeConditional(queries, options),
    kargoMayReadProject(credentials, instance, project) {
      const user = userOf({ credentials });
      if (!user || !answers.applies(instance)) return Promise.resolve(true);
      const token = requestToken.getStore()?.token;
      return answers.mayRead(user, instance, project, token);
    },
    async authorize(requests, options) {
      const decisions = await inner.authorize(requests, options);
      const user = userOf(options);
      if (!user) return decisions;
      const token = requestToken.getStore()?.token;
      return Promise.all(
        decisions.map(async (decision, i) => {
          const request = requests[i];
          const ref =
            'resourceRef' in request ? request.resourceRef : undefined;
          const stage =
            typeof ref === 'string'
              ? parseKargoStageResourceRef(ref)
              : undefined;
          if (
            decision.result !== AuthorizeResult.ALLOW ||
            !GATED.has(request.permission.name) ||
            !stage ||
            !answers.applies(stage.instance)
          ) {
            return decision;
          }
          const allowed = await answers.mayRead(
            user,
            stage.instance,
            stage.project,
            token,
          );
          return allowed
            ? decision
            : ({
                ...decision,
                result: AuthorizeResult.DENY,
              } as AuthorizePermissionResponse);
        }),
      );
    },
  };
}
