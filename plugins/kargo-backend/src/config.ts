import { readDurationFromConfig, type Config } from '@backstage/config';
import type { HumanDuration } from '@backstage/types';
import {
  DEFAULT_OBJECT_BUDGETS,
  type ObjectBudgets,
} from '@kargo-backstage/plugin-kargo-common';

/** `kargo.refresh`, validated: how the snapshot is kept current. */
interface RefreshConfig {
  /** watch: LIST + WATCH per instance (default); poll: LIST every `frequency`. */
  mode: 'watch' | 'poll';
  /** poll: how often each instance is read. */
  frequency: HumanDuration;
  /** How often every repository's pull requests are listed (webhooks re-list one at once). */
  pullRequestFrequency: HumanDuration;
  /** How long one refresh (a read, a relist, a pull-request pass) may run. */
  timeout: HumanDuration;
  /** watch: how often every kind is listed again anyway (the safety net). */
  resync: HumanDuration;
  /** watch: server-side timeout of each watch request (then it is resumed). */
  watchTimeout: HumanDuration;
}

export const REFRESH_DEFAULTS: RefreshConfig = {
  mode: 'watch',
  frequency: { seconds: 30 },
  pullRequestFrequency: { minutes: 2 },
  timeout: { minutes: 2 },
  resync: { minutes: 10 },
  watchTimeout: { minutes: 5 },
};

const MODES = ['watch', 'poll'] as const;

function duration(
  refresh: Config | undefined,
  key: keyof RefreshConfig,
): HumanDuration {
  if (!refresh?.has(key)) return REFRESH_DEFAULTS[key] as HumanDuration;
  try {
    return readDurationFromConfig(refresh, { key });
  } catch (e) {
    throw new Error(
      `kargo.refresh.${key} is not a valid duration: ${(e as Error).message}`,
    );
  }
}

/** Reads `kargo.refresh` at startup; throws naming the faulty key. */
export function readRefreshConfig(config: Config): RefreshConfig {
  const refresh = config.getOptionalConfig('kargo.refresh');
  const mode = refresh?.getOptionalString('mode') ?? REFRESH_DEFAULTS.mode;
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new Error(
      `kargo.refresh.mode must be one of ${MODES.join(', ')}, got '${mode}'`,
    );
  }
  const frequency = duration(refresh, 'frequency');
  // Watching, Kargo's data is live and the pull-request pass is what runs
  // while nothing changes (its cost: docs/benchmarks.md, "Measurements behind
  // the code"): it defaults to 2 minutes there.
  // Polling, and when `frequency` is set, it follows `frequency` as before.
  const followsFrequency = mode === 'poll' || !!refresh?.has('frequency');
  const pullRequestFrequency = refresh?.has('pullRequestFrequency')
    ? duration(refresh, 'pullRequestFrequency')
    : (followsFrequency && frequency) || REFRESH_DEFAULTS.pullRequestFrequency;
  return {
    mode: mode as RefreshConfig['mode'],
    frequency,
    pullRequestFrequency,
    timeout: duration(refresh, 'timeout'),
    resync: duration(refresh, 'resync'),
    watchTimeout: duration(refresh, 'watchTimeout'),
  };
}

/**
 * Whether the backend's cache store is shared between replicas. Backstage's
 * default store, `memory`, lives in each process. The key is Backstage's own
 * (declared by @backstage/backend-defaults); this is its one reader here.
 */
export function isSharedCacheStore(config: Config): boolean {
  return (
    (config.getOptionalString('backend.cache.store') ?? 'memory') !== 'memory'
  );
}

const MB = 2 ** 20;

function limitMB(config: Config, key: string, fallback: number): number {
  const value = config.getOptionalNumber(`kargo.limits.${key}`);
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(
      `kargo.limits.${key} must be a positive number of MB, got ${value}`,
    );
  }
  return value * MB;
}

/** Reads `kargo.limits` at startup; throws naming the faulty key. */
export function readObjectBudgets(config: Config): ObjectBudgets {
  return {
    stageChars: limitMB(
      config,
      'stageObjectsMB',
      DEFAULT_OBJECT_BUDGETS.stageChars,
    ),
    projectChars: limitMB(
      config,
      'projectObjectsMB',
      DEFAULT_OBJECT_BUDGETS.projectChars,
    ),
  };
}
