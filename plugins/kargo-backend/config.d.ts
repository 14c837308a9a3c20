import { HumanDuration } from '@backstage/types';

export interface Config {
  /** Configuration for Kargo for Backstage (instances: see plugin-kargo-node). */
  kargo?: {
    /** How the backend gathers its snapshot of every instance. */
    refresh?: {
      /**
       * How often every instance is read (one LIST per kind and project).
       * Default: 30 seconds.
       * @visibility backend
       */
      frequency?: HumanDuration | string;
      /**
       * How long one refresh may take before it is abandoned. Default: 2 minutes.
       * @visibility backend
       */
      timeout?: HumanDuration | string;
    };
    /** Notifications to the owners of the entities that name a Stage (docs/notifications.md). */
    notifications?: {
      /**
       * Send notifications (needs @backstage/plugin-notifications-backend). Default: false.
       * @visibility backend
       */
      enabled?: boolean;
      /**
       * Announce a Promotion that has waited on its open pull request longer than this.
       * Default: 1 hour.
       * @visibility backend
       */
      promotionWaitTimeout?: HumanDuration | string;
      /** Notification severity by Stage. */
      severity?: {
        /**
         * critical, high, normal or low. Default: normal.
         * @visibility backend
         */
        default?: 'critical' | 'high' | 'normal' | 'low';
        /**
         * Overrides keyed by `<stage>` or `<project>/<stage>` (the more specific wins), e.g. `prod: high`.
         * @visibility backend
         */
        stages?: { [stage: string]: 'critical' | 'high' | 'normal' | 'low' };
      };
    };
  };
}
