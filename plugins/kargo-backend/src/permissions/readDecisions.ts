import type { PermissionsService } from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStageReadPermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { userOf } from './principals';

/** How long a user's recorded `kargo.stage.read` ALLOW counts for notifications. */
export const READ_DECISION_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Decisions kept at most (oldest forgotten first). */
const MAX_DECISIONS = 100_000;

interface Decision {
  allowed: boolean;
  at: number;
}

/**
 * The `kargo.stage.read` decisions Backstage's policy made for users, as they
 * read Stages (the tab, the card, REST, MCP), newest per user and Stage.
 *
 * Why: a notification goes to people the plugin holds no token for, and
 * Backstage (1.55) offers a plugin no way to ask the permission policy about
 * a user without that user's credentials. So a notification goes only to
 * owners for whom the policy itself said ALLOW on that Stage recently, and no
 * later DENY: an owner who may not read the Stage (e.g. who registered an
 * annotated Component for a project they may not read) never hears of it.
 * Kept in memory, per replica: after a restart, owners hear again once they
 * have read the Stage.
 */
export class ReadDecisions {
  private readonly decisions = new Map<string, Decision>();

  constructor(
    private readonly maxAgeMs = READ_DECISION_MAX_AGE_MS,
    private readonly maxDecisions = MAX_DECISIONS,
  ) {}

  record(user: string, stageRef: string, allowed: boolean, at = Date.now()) {
    const key = `${user}\n${stageRef}`;
    this.decisions.delete(key); // re-inserted: the Map's order is the age
    this.decisions.set(key, { allowed, at });
    if (this.decisions.size > this.maxDecisions) {
      const oldest = this.decisions.keys().next().value;
      if (oldest !== undefined) this.decisions.delete(oldest);
    }
  }

  /** Whether the policy allowed this user to read this Stage recently (and denied it not since). */
  allows(
    user: string,
    stage: { instance: string; project: string; name: string },
    now = Date.now(),
  ): boolean {
    const decision = this.decisions.get(
      `${user}\n${kargoStageResourceRef(stage)}`,
    );
    return !!decision?.allowed && now - decision.at <= this.maxAgeMs;
  }
}

/**
 * The permissions service, recording every `kargo.stage.read` decision made
 * for a user on a Stage (see {@link ReadDecisions}); answers unchanged.
 */
export function recordingReadDecisions(
  inner: PermissionsService,
  decisions: ReadDecisions,
): PermissionsService {
  return {
    ...inner,
    async authorize(requests, options) {
      const answers = await inner.authorize(requests, options);
      const user = userOf(options);
      if (user) {
        requests.forEach((request, i) => {
          const ref =
            'resourceRef' in request ? request.resourceRef : undefined;
          if (
            request.permission.name === kargoStageReadPermission.name &&
            typeof ref === 'string'
          ) {
            decisions.record(
              user,
              ref,
              answers[i]?.result === AuthorizeResult.ALLOW,
            );
          }
        });
      }
      return answers;
    },
    authorizeConditional: (requests, options) =>
      inner.authorizeConditional(requests, options),
  };
}
