import type {
  AuditorService,
  AuditorServiceCreateEventOptions,
  AuditorServiceEventSeverityLevel,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';

type JsonObject = NonNullable<AuditorServiceCreateEventOptions['meta']>;

/**
 * What the actions need to record and gate who starts a write.
 *
 * @public
 */
export interface InitiatorPolicy {
  auditor: AuditorService;
  /**
   * Let tasks created by a service principal (not a person) write. Default
   * false: Kargo records a person as the actor, and a service token is no
   * person (`kargo.scaffolder.allowServicePrincipals`).
   */
  allowServicePrincipals?: boolean;
}

/** Who started the task, as the audit trail names them. */
function describeInitiator(credentials: BackstageCredentials): {
  type: string;
  ref: string;
} {
  const principal = credentials.principal as {
    type?: string;
    userEntityRef?: string;
    subject?: string;
  };
  const type = principal.type ?? 'none';
  if (type === 'user') return { type, ref: principal.userEntityRef ?? '' };
  if (type === 'service') return { type, ref: principal.subject ?? '' };
  return { type, ref: 'none' };
}

/**
 * Runs one write of a task on behalf of its initiator: refuses a task no
 * person started (unless config allows service principals), and records an
 * auditor event that succeeds or fails with the write, naming the initiator.
 * Returns what `write` returns.
 */
export async function auditedWrite<T extends JsonObject>(options: {
  policy: InitiatorPolicy;
  credentials: BackstageCredentials;
  eventId: string;
  severityLevel?: AuditorServiceEventSeverityLevel;
  meta: JsonObject;
  write: () => Promise<T>;
}): Promise<T> {
  const { policy, credentials } = options;
  const initiator = describeInitiator(credentials);
  const event = await policy.auditor.createEvent({
    eventId: options.eventId,
    severityLevel: options.severityLevel ?? 'medium',
    meta: {
      ...options.meta,
      initiator: initiator.ref,
      initiatorType: initiator.type,
    },
  });
  try {
    const allowed =
      initiator.type === 'user' ||
      (initiator.type === 'service' && policy.allowServicePrincipals === true);
    if (!allowed) {
      throw new NotAllowedError(
        `This task was not started by a person (${initiator.type} ${initiator.ref}); Kargo writes need one unless kargo.scaffolder.allowServicePrincipals is true`,
      );
    }
    const result = await options.write();
    await event.success({ meta: result });
    return result;
  } catch (error) {
    await event.fail({ error: error as Error });
    throw error;
  }
}
