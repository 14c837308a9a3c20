import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import { InputError, ServiceUnavailableError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';
import {
  KargoConfig,
  type KargoInstanceConfig,
  type KargoWriteMode,
  readKargoConfig,
} from './config';
import { createKubeConfig } from './cluster/kubeConfig';
import { KubernetesKargoClusterClient } from './cluster/KubernetesKargoClusterClient';
import { createPullRequestService } from './git';
import { KargoApiHttpClient } from './kargoApi/KargoApiHttpClient';
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
  private readonly apiClients: Map<string, KargoApiHttpClient>;

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
          instance: {
            name: instance.name,
            kargoUrl: instance.kargoUrl,
            argocdUrl: instance.argocdUrl ?? null,
          },
          kubeConfig: createKubeConfig(instance),
        }),
      ]),
    );
    // One client per instance: instance A's client never holds B's token.
    this.apiClients = new Map(
      config.instances.flatMap(instance =>
        instance.api
          ? [
              [
                instance.name,
                new KargoApiHttpClient({
                  instance: instance.name,
                  api: instance.api,
                  logger,
                }),
              ] as const,
            ]
          : [],
      ),
    );
    logger?.info(
      `Kargo instances configured: ${config.instances
        .map(i => i.name)
        .join(', ')}`,
    );
    for (const instance of config.instances) {
      // Plain HTTP sends tokens unencrypted: fine for a local sandbox or
      // kubectl proxy, worth a warning anywhere else.
      if (isRemotePlainHttp(instance.url)) {
        logger?.warn(
          `Kargo instance '${instance.name}' uses plain HTTP (${instance.url}); its token travels unencrypted`,
        );
      }
      if (instance.api && isRemotePlainHttp(instance.api.url)) {
        logger?.warn(
          `Kargo instance '${instance.name}' reaches Kargo's API over plain HTTP (${instance.api.url}); people's ID tokens travel unencrypted`,
        );
      }
    }
  }

  listInstances(): KargoInstanceInfo[] {
    return [...this.clients.values()].map(c => c.instance);
  }

  cluster(instance?: string): KubernetesKargoClusterClient {
    return this.clients.get(this.instanceConfig(instance).name)!;
  }

  kargoApi(instance?: string): KargoApiHttpClient {
    const { name } = this.instanceConfig(instance);
    const client = this.apiClients.get(name);
    if (!client) {
      throw errorWithReason(ServiceUnavailableError, {
        code: 'kargoApiNotConfigured',
        params: { instance: name },
      });
    }
    return client;
  }

  writeMode(instance?: string): KargoWriteMode {
    const config = this.instanceConfig(instance);
    return config.writes ?? (config.api ? 'kargoApi' : 'none');
  }

  private instanceConfig(instance?: string): KargoInstanceConfig {
    const name = instance ?? this.config.instances[0].name;
    const found = this.config.instances.find(i => i.name === name);
    if (!found) {
      throw new InputError(
        `Unknown Kargo instance '${name}'; configured instances: ${this.config.instances
          .map(i => i.name)
          .join(', ')}`,
      );
    }
    return found;
  }

  /** Requests sent to every cluster so far (for benchmarks and tests). */
  get requestCount(): number {
    let total = 0;
    for (const client of this.clients.values()) total += client.requestCount;
    return total;
  }
}

function isRemotePlainHttp(url: string): boolean {
  if (!url.startsWith('http:')) return false;
  const host = new URL(url).hostname;
  return !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
}
