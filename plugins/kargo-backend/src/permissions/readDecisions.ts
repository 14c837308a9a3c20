import type { PermissionsService } from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStageReadPermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { userOf } from './principals';
import { isProjectProbeRef } from './projectProbe';

/** How long a user's recorded `kargo.stage.read` ALLOW counts for notifications. */
export const READ_DECISION_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Stages remembered per user (that user's oldest forgotten first). */
const MAX_STAGES_PER_USER = 2_000;
/** Users remembered (the one who least recently read a Stage forgotten first). */
const MAX_USERS = 50_000;

/**
 * The `kargo.stage.read` ALLOWs Backstage's policy gave users as they read
 * Stages (the tab, the card, REST, MCP), newest per user and Stage.
 *
 * Why: a notification goes to people the plugin holds no token for, and
 * Backstage (1.55) offers a plugin no way to ask the permission policy about
 * a user without that user's credentials. So a notification goes only to
 * owners for whom the policy itself said ALLOW on that Stage recently, and no
 * later DENY: an owner who may not read the Stage (e.g. who registered an
 * annotated Component for a project they may not read) never hears of it.
 * Kept in memory, per replica: after a restart, owners hear again once they
 * have read the Stage.
 *
 * Why per user (issue 35, attack 8): one table shared by all users let anyone
 * signed in evict every owner's ALLOW by reading 100,000 made-up Stages. Each
 * user now fills only their own bounded room, and the bound on users holds
 * because users are distinct sign-ins, which no one person can mint.
 */
export class ReadDecisions {
  /** user → Stage ref → time of the ALLOW; both Maps' order is the age. */
  private readonly users = new Map<string, Map<string, number>>();

  constructor(
    private readonly maxAgeMs = READ_DECISION_MAX_AGE_MS,
    private readonly maxStagesPerUser = MAX_STAGES_PER_USER,
    private readonly maxUsers = MAX_USERS,
  ) {}

  record(user: string, stageRef: string, allowed: boolean, at = Date.now()) {
    const stages = this.users.get(user);
    if (!allowed) {
      // A DENY matters only to revoke an earlier ALLOW: it takes no room, so
      // denied reads (of any made-up Stage) cost nobody anything.
      stages?.delete(stageRef);
      if (stages?.size === 0) this.users.delete(user);
      return;
    }
    const own = stages ?? new Map<string, number>();
    this.users.delete(user); // re-inserted: most recently recording last
    this.users.set(user, own);
    own.delete(stageRef);
    own.set(stageRef, at);
    if (own.size > this.maxStagesPerUser) deleteOldest(own);
    if (this.users.size > this.maxUsers) deleteOldest(this.users);
  }

  /** Whether the policy allowed this user to read this Stage recently (and denied it not since). */
  allows(
    user: string,
    stage: { instance: string; project: string; name: string },
    now = Date.now(),
  ): boolean {
    const at = this.users.get(user)?.get(kargoStageResourceRef(stage));
    return at !== undefined && now - at <= this.maxAgeMs;
  }
}

function deleteOldest<K, V>(map: Map<K, V>) {
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
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
          // A project's probe names no Stage: recorded, it would only push
          // the user's real Stages out (issue 35, attack 20).
          if (
            request.permission.name === kargoStageReadPermission.name &&
            typeof ref === 'string' &&
            !isProjectProbeRef(ref)
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
