import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { KargoConfig, readKargoConfig } from './config';
import { createKubeConfig } from './cluster/kubeConfig';
import { KubernetesKargoClusterClient } from './cluster/KubernetesKargoClusterClient';
import { createPullRequestService } from './git';
import type {
  KargoInstanceInfo,
  KargoService,
  PullRequestService,
} from './types';

/**
 * The default {@link KargoService}: one cluster client per configured
 * instance, built once from config at startup.
 *
 * @public
 */
export class DefaultKargoService implements KargoService {
  readonly pullRequests: PullRequestService;
  readonly config: KargoConfig;
  private readonly clients: Map<string, KubernetesKargoClusterClient>;

  static fromConfig(options: {
    config: Config;
    logger: LoggerService;
    pullRequests?: PullRequestService;
  }): DefaultKargoService {
    const kargoConfig = readKargoConfig(options.config);
    const pullRequests =
      options.pullRequests ??
      createPullRequestService({
        config: options.config,
        logger: options.logger,
      });
    return new DefaultKargoService(kargoConfig, pullRequests, options.logger);
  }

  constructor(
    config: KargoConfig,
    pullRequests: PullRequestService,
    logger?: LoggerService,
  ) {
    this.config = config;
    this.pullRequests = pullRequests;
    this.clients = new Map(
      config.instances.map(instance => [
        instance.name,
        new KubernetesKargoClusterClient({
          instance: { name: instance.name, kargoUrl: instance.kargoUrl },
          kubeConfig: createKubeConfig(instance),
        }),
      ]),
    );
    logger?.info(
      `Kargo instances configured: ${config.instances
        .map(i => i.name)
        .join(', ')}`,
    );
    for (const instance of config.instances) {
      const host = instance.url.startsWith('http:')
        ? new URL(instance.url).hostname
        : '';
      // Plain HTTP sends the service account token unencrypted: fine for a
      // local sandbox or kubectl proxy, worth a warning anywhere else.
      if (host && !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
        logger?.warn(
          `Kargo instance '${instance.name}' uses plain HTTP (${instance.url}); its token travels unencrypted`,
        );
      }
    }
  }

  listInstances(): KargoInstanceInfo[] {
    return [...this.clients.values()].map(c => c.instance);
  }

  cluster(instance?: string): KubernetesKargoClusterClient {
    const name = instance ?? this.config.instances[0].name;
    const client = this.clients.get(name);
    if (!client) {
      throw new InputError(
        `Unknown Kargo instance '${name}'; configured instances: ${[
          ...this.clients.keys(),
        ].join(', ')}`,
      );
    }
    return client;
  }

  /** Requests sent to every cluster so far (for benchmarks and tests). */
  get requestCount(): number {
    let total = 0;
    for (const client of this.clients.values()) total += client.requestCount;
    return total;
  }
}
