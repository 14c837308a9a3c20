import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import type { EventsService } from '@backstage/plugin-events-node';
import { normalizeRepoUrl } from '@kargo-backstage/plugin-kargo-common';
import type { GitProviderRegistry } from '@kargo-backstage/plugin-kargo-node';
import { RepositoryDebounce } from './repositoryDebounce';
import type { SnapshotService } from './SnapshotService';

/** At most one webhook re-list per repository within this time (one more after it if events kept coming). */
export const WEBHOOK_DEBOUNCE_MS = 5_000;

/**
 * With the Backstage events service receiving Git providers' webhooks
 * (plugin-events-backend-module-github / -gitlab, which check the
 * signature or token), a pull request or merge request event (each
 * provider of the registry names its topics and reads its payloads) re-lists that
 * repository instead of waiting for the scheduled pass. An event naming a
 * repository no Stage shows costs nothing (no Git request, no state); the
 * others are debounced per repository (RepositoryDebounce), so a flood of
 * events costs two listings per repository and window, not one each.
 */
export async function subscribePullRequestWebhooks(
  events: EventsService,
  snapshots: SnapshotService,
  providers: Pick<GitProviderRegistry, 'webhookTopics' | 'parseWebhookEvent'>,
  logger: LoggerService,
): Promise<{ stop(): void }> {
  const debounce = new RepositoryDebounce(
    repo => snapshots.refreshRepository(repo),
    WEBHOOK_DEBOUNCE_MS,
    error => logger.warn(`Re-listing after a webhook failed: ${error}`),
  );
  await events.subscribe({
    id: 'kargo-pull-requests',
    topics: providers.webhookTopics(),
    onEvent: async ({ topic, eventPayload }) => {
      const repo = providers.parseWebhookEvent(topic, eventPayload)?.repoUrl;
      if (!repo) return;
      if (!snapshots.pullRequests.isShown(repo)) return;
      debounce.push(normalizeRepoUrl(repo) ?? repo, repo);
    },
  });
  return debounce;
}

/**
 * `events.http.topics` opens `/api/events/http/<topic>` without any check
 * when no events module guards that topic: listing `github` or `gitlab`
 * there without the module's secret, or `bitbucketCloud` at all (no
 * Backstage module checks it), lets anyone on the network send pull
 * request events. Said once at startup (docs/webhooks.md).
 */
export function warnUnsignedWebhookTopics(
  config: Config,
  logger: LoggerService,
) {
  const topics = config.getOptionalStringArray('events.http.topics') ?? [];
  for (const provider of ['github', 'gitlab']) {
    const secret = `events.modules.${provider}.webhookSecret`;
    if (topics.includes(provider) && !config.has(secret)) {
      logger.warn(
        `events.http.topics lists '${provider}' and ${secret} is not set: its webhooks may be accepted unsigned, and each makes Kargo for Backstage re-list a repository. Set ${secret} (docs/webhooks.md).`,
      );
    }
  }
  // Backstage 1.55's Bitbucket Cloud events module checks nothing: its topic
  // is only ever fed unsigned through events.http.topics.
  if (
    topics.some(t => t === 'bitbucketCloud' || t.startsWith('bitbucketCloud.'))
  ) {
    logger.warn(
      `events.http.topics lists 'bitbucketCloud': Backstage does not verify Bitbucket Cloud webhooks, so anyone who can reach /api/events/http/bitbucketCloud can make Kargo for Backstage re-list any Bitbucket Cloud repository a Stage shows (at most twice per repository every ${
        WEBHOOK_DEBOUNCE_MS / 1000
      } s). Accept them only through a proxy that checks Bitbucket's X-Hub-Signature (docs/webhooks.md).`,
    );
  }
}
