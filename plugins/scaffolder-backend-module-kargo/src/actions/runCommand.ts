import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import type {
  KargoCommandName,
  KargoCommandRequest,
  KargoCommandResult,
  KargoCommandService,
} from '@kargo-backstage/plugin-kargo-node';

/** What a Stage write action needs to reach the one write pipeline. @public */
export interface KargoCommandOptions {
  /** The write pipeline (`kargoCommandsServiceRef`): authorize, audit, write. */
  commands: KargoCommandService;
  /**
   * Let tasks created by a service principal (not a person) write, as the
   * portal's Kargo API token. Default false
   * (`kargo.scaffolder.allowServicePrincipals`).
   */
  allowServicePrincipals?: boolean;
}

/**
 * Runs a Kargo write of a task through the one write pipeline, as the task's
 * initiator: the person's ID token when the template passed it as the secret
 * `kargoToken` (`${{ secrets.kargoToken }}`), else the portal. A task no
 * person started is refused unless service principals are allowed.
 */
export async function runKargoCommand<K extends KargoCommandName>(
  options: KargoCommandOptions,
  ctx: {
    getInitiatorCredentials(): Promise<BackstageCredentials>;
    secrets?: Record<string, string>;
  },
  command: K,
  request: KargoCommandRequest<K>,
): Promise<KargoCommandResult<K>> {
  const credentials = await ctx.getInitiatorCredentials();
  const principal = credentials.principal as {
    type?: string;
    subject?: string;
  };
  const type = principal.type;
  if (
    type !== 'user' &&
    !(type === 'service' && options.allowServicePrincipals === true)
  ) {
    throw new NotAllowedError(
      `This task was not started by a person (${type} ${
        principal.subject ?? 'none'
      }); Kargo writes need one unless kargo.scaffolder.allowServicePrincipals is true`,
    );
  }
  const kargoToken = ctx.secrets?.kargoToken || undefined;
  return options.commands.run(command, request, { credentials, kargoToken });
}
