/** Notification severities, as `@backstage/plugin-notifications-common` names them. @public */
export type KargoNotificationSeverity = 'critical' | 'high' | 'normal' | 'low';

/** `kargo.notifications.severity`: a default and overrides by Stage. @public */
export interface KargoSeverityConfig {
  default: KargoNotificationSeverity;
  /** Keys are `<stage>` or `<project>/<stage>`; the more specific wins. */
  stages: Record<string, KargoNotificationSeverity>;
}

/** The severity of a Stage's notifications. @public */
export function severityOfStage(
  config: KargoSeverityConfig,
  stage: { project: string; stage: string },
): KargoNotificationSeverity {
  return (
    config.stages[`${stage.project}/${stage.stage}`] ??
    config.stages[stage.stage] ??
    config.default
  );
}
