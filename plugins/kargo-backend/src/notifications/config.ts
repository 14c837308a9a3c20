import type { Config } from '@backstage/config';
import { readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds } from '@backstage/types';
import { READ_DECISION_MAX_AGE_MS } from '../permissions/readDecisions';

/** The longest `readDecisionMaxAge` accepted: 90 days. */
const READ_DECISION_MAX_AGE_LIMIT_MS = 90 * 24 * 60 * 60_000;
import type {
  KargoNotificationSeverity,
  KargoSeverityConfig,
} from '@kargo-backstage/plugin-kargo-common';

const SEVERITIES: KargoNotificationSeverity[] = [
  'critical',
  'high',
  'normal',
  'low',
];

/** `kargo.notifications`, read once at start-up. */
export interface KargoNotificationsConfig {
  enabled: boolean;
  /** A Promotion waiting on its open PR longer than this is announced. */
  promotionWaitMs: number;
  /**
   * How long a user's recorded `kargo.stage.read` ALLOW lets them be told of
   * that Stage: after a revoked access, the longest they may still hear.
   */
  readDecisionMaxAgeMs: number;
  severity: KargoSeverityConfig;
}

function severity(
  value: string | undefined,
  key: string,
): KargoNotificationSeverity | undefined {
  if (value === undefined) return undefined;
  if (!SEVERITIES.includes(value as KargoNotificationSeverity)) {
    throw new Error(
      `Invalid ${key} '${value}': must be one of ${SEVERITIES.join(', ')}`,
    );
  }
  return value as KargoNotificationSeverity;
}

export function readNotificationsConfig(
  config: Config,
): KargoNotificationsConfig {
  const c = config.getOptionalConfig('kargo.notifications');
  const wait = c?.has('promotionWaitTimeout')
    ? durationToMilliseconds(
        readDurationFromConfig(c, { key: 'promotionWaitTimeout' }),
      )
    : 60 * 60_000;
  const readDecisionMaxAgeMs = c?.has('readDecisionMaxAge')
    ? durationToMilliseconds(
        readDurationFromConfig(c, { key: 'readDecisionMaxAge' }),
      )
    : READ_DECISION_MAX_AGE_MS;
  // Bounded: an owner whose access was revoked is told for at most this long.
  if (
    !(readDecisionMaxAgeMs > 0) ||
    readDecisionMaxAgeMs > READ_DECISION_MAX_AGE_LIMIT_MS
  ) {
    throw new Error(
      'Invalid kargo.notifications.readDecisionMaxAge: must be longer than 0 and at most 90 days',
    );
  }
  const stages: Record<string, KargoNotificationSeverity> = {};
  const byStage = c?.getOptionalConfig('severity.stages');
  for (const key of byStage?.keys() ?? []) {
    stages[key] = severity(
      byStage!.getString(key),
      `kargo.notifications.severity.stages.${key}`,
    )!;
  }
  return {
    enabled: c?.getOptionalBoolean('enabled') ?? false,
    promotionWaitMs: wait,
    readDecisionMaxAgeMs,
    severity: {
      default:
        severity(
          c?.getOptionalString('severity.default'),
          'kargo.notifications.severity.default',
        ) ?? 'normal',
      stages,
    },
  };
}
