import type { KargoInstanceConfig } from '../../config';
import { createKubeConfig } from '../kubeConfig';
import { KubernetesKargoClusterClient } from '../KubernetesKargoClusterClient';

/** An instance config named `tls`, with the given connection keys. */
export function instance(
  overrides: Partial<KargoInstanceConfig>,
): KargoInstanceConfig {
  return {
    name: 'tls',
    url: '',
    authProvider: 'serviceAccount',
    skipTLSVerify: false,
    kargoUrl: null,
    ...overrides,
  };
}

/** A cluster client built the way DefaultKargoService builds it. */
export function client(config: KargoInstanceConfig, requestTimeoutMs?: number) {
  return new KubernetesKargoClusterClient({
    instance: { name: config.name, kargoUrl: null },
    kubeConfig: createKubeConfig(config),
    requestTimeoutMs,
  });
}

/** The error a promise rejects with, or undefined. */
export const error = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    e => e as Error,
  );

/**
 * Fakes the wall clock only (`Date`), so a test can move past the token
 * file's one-minute re-read while real timers and sockets keep running.
 * Undo with jest.useRealTimers().
 */
export function fakeTheDateOnly() {
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
}
