import type { SchedulerServiceTaskScheduleDefinitionConfig } from '@backstage/backend-plugin-api';

export interface Config {
  catalog?: {
    providers?: {
      /**
       * The Kargo catalog module: one `kargo-stage` Resource entity per Kargo
       * Stage, and rollup annotations on entities that name a Kargo project.
       * The Kargo instances themselves are configured under `kargo.instances`.
       */
      kargo?: {
        /**
         * How often the module reads the Kargo backend's snapshot.
         * Default: every 30 seconds, first run after 5 seconds, timeout 1 minute.
         * @visibility backend
         */
        schedule?: SchedulerServiceTaskScheduleDefinitionConfig;
        /**
         * Owner (an entity reference such as `group:default/platform`) of Stage
         * entities no `owners` rule matches. Default: `unknown`.
         * @visibility backend
         */
        defaultOwner?: string;
        /**
         * Owner rules. The most specific matching rule wins (instance and
         * project, then project, then instance); among equally specific
         * rules, the first listed.
         * @visibility backend
         */
        owners?: Array<{
          /** Name of a configured Kargo instance (`kargo.instances[].name`). */
          instance?: string;
          /** Kargo project (namespace). */
          project?: string;
          /** Entity reference of the owner, e.g. `group:default/checkout-team`. */
          owner: string;
        }>;
        /**
         * The Kargo projects to mirror into the catalog (Stage entities and
         * rollups). Default: every project. Mirrored data follows catalog
         * permissions, not `kargo.stage.read`: every reader of the catalog
         * entity sees it.
         * @visibility backend
         */
        projects?: string[];
        /**
         * Publish the open pull request URLs as links and annotation.
         * Default true.
         * @visibility backend
         */
        includePullRequestUrls?: boolean;
        /**
         * Publish the error text of Stages that could not be read completely.
         * Default true; false replaces it with a fixed note.
         * @visibility backend
         */
        includeErrorText?: boolean;
      };
    };
  };
}
