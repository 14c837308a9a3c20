import { InputError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';
import type { GitProvider, GitWebhookEvent } from './GitProvider';
import { parseRepoUrl } from './parseRepoUrl';

/**
 * The Git providers of a PullRequestService, chosen per repository by the
 * host's Backstage integration: the first provider whose `handles(host)` is
 * true answers. Built-in providers come first; a module's (through
 * `kargoGitProvidersExtensionPoint`) after them, so it adds hosts rather than
 * taking over github.com.
 *
 * @public
 */
export class GitProviderRegistry {
  private readonly providers: GitProvider[] = [];

  constructor(providers: GitProvider[] = []) {
    providers.forEach(p => this.add(p));
  }

  /** Adds a provider; a second one of the same name is refused. */
  add(provider: GitProvider): void {
    if (this.providers.some(p => p.name === provider.name)) {
      throw new Error(
        `A Git provider named '${provider.name}' is already registered`,
      );
    }
    this.providers.push(provider);
  }

  /** Every provider, in the order they are asked. */
  list(): readonly GitProvider[] {
    return this.providers;
  }

  /**
   * The provider of a host.
   *
   * @throws InputError `gitNoIntegration` when no integration names the host.
   */
  providerFor(host: string): GitProvider {
    const provider = this.providers.find(p => p.handles(host));
    if (!provider) {
      throw errorWithReason(InputError, {
        code: 'gitNoIntegration',
        params: { host },
      });
    }
    return provider;
  }

  /** The events topics of every provider's webhooks. */
  webhookTopics(): string[] {
    return [...new Set(this.providers.flatMap(p => p.webhookTopics))];
  }

  /**
   * The repository a webhook event is about, by the provider owning the
   * topic, and only a repository of that provider: each provider's webhooks
   * are guarded by their own secret (or, for Bitbucket Cloud on Backstage
   * 1.55, by none), so an event never makes another provider's repository
   * be listed.
   */
  parseWebhookEvent(
    topic: string,
    payload: unknown,
  ): GitWebhookEvent | undefined {
    const provider = this.providers.find(p => p.webhookTopics.includes(topic));
    const event = provider?.parseWebhookEvent(topic, payload);
    if (!event) return undefined;
    let host: string;
    try {
      host = parseRepoUrl(event.repoUrl).host;
    } catch {
      return undefined; // no repository URL at all
    }
    return this.providers.find(p => p.handles(host)) === provider
      ? event
      : undefined;
  }
}
