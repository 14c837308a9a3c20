import type { LoggerService } from '@backstage/backend-plugin-api';
import type { EventsService } from '@backstage/plugin-events-node';
import type { SignalsService } from '@backstage/plugin-signals-node';
import { kargoProjectSignalChannel } from '@kargo-backstage/plugin-kargo-common';
import type { SnapshotService } from './SnapshotService';
import type { StageChanges } from './stageChanges';

/**
 * Signals open pages that Stages of a project changed: one signal per
 * project and batch, on kargoProjectSignalChannel. The message names the
 * project only; the page fetches what its user may read.
 */
export function publishStageChanges(
  changes: StageChanges,
  signals: SignalsService,
  logger: LoggerService,
) {
  changes.subscribe(batch => {
    const projects = new Map(batch.map(c => [`${c.instance}/${c.project}`, c]));
    for (const { instance, project } of projects.values()) {
      signals
        .publish({
          recipients: { type: 'broadcast' },
          channel: kargoProjectSignalChannel(instance, project),
          message: { instance, project },
        })
        .catch(error =>
          logger.debug(`Signalling a Kargo change failed: ${error}`),
        );
    }
  });
}

/** The repository a GitHub pull_request or GitLab merge_request webhook is about. */
function repositoryOfWebhook(
  topic: string,
  payload: unknown,
): string | undefined {
  const body = payload as {
    repository?: { html_url?: unknown };
    project?: { web_url?: unknown };
  } | null;
  const url = topic.startsWith('github.')
    ? body?.repository?.html_url
    : body?.project?.web_url;
  return typeof url === 'string' ? url : undefined;
}

/**
 * With the Backstage events service receiving GitHub or GitLab webhooks
 * (plugin-events-backend-module-github / -gitlab), a pull request or merge
 * request event re-lists that repository at once instead of at the next
 * scheduled pass.
 */
export function subscribePullRequestWebhooks(
  events: EventsService,
  snapshots: SnapshotService,
) {
  return events.subscribe({
    id: 'kargo-pull-requests',
    topics: ['github.pull_request', 'gitlab.merge_request'],
    onEvent: async ({ topic, eventPayload }) => {
      const repo = repositoryOfWebhook(topic, eventPayload);
      if (repo) await snapshots.refreshRepository(repo);
    },
  });
}
