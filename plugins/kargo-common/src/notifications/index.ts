export {
  newStageEvents,
  type KargoStageEvent,
  type StageEventOptions,
} from './events';
export {
  severityOfStage,
  type KargoNotificationSeverity,
  type KargoSeverityConfig,
} from './severity';
