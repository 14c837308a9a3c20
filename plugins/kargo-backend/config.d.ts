import { HumanDuration } from '@backstage/types';

export interface Config {
  /** Configuration for Kargo for Backstage (instances: see plugin-kargo-node). */
  kargo?: {
    /** How the backend gathers its snapshot of every instance. */
    refresh?: {
      /**
       * `watch` (default): each instance's Kargo objects are kept current with
       * LIST + WATCH (one stream per kind) and changes reach open pages within
       * a second. `poll`: every instance is read every `frequency` (for
       * service accounts that may not list/watch cluster-wide).
       * @visibility backend
       */
      mode?: 'watch' | 'poll';
      /**
       * Poll mode: how often every instance is read (one LIST per kind and
       * project). Default: 30 seconds.
       * @visibility backend
       */
      frequency?: HumanDuration | string;
      /**
       * How often the open pull requests of every repository a Stage shows
       * are listed (GitHub conditionally; a pull_request / merge_request
       * webhook re-lists its repository at once). Default: 2 minutes in watch
       * mode, where this pass is what runs while nothing changes; `frequency`
       * in poll mode or when `frequency` is set.
       * @visibility backend
       */
      pullRequestFrequency?: HumanDuration | string;
      /**
       * How long one refresh may take before it is abandoned. Default: 2 minutes.
       * @visibility backend
       */
      timeout?: HumanDuration | string;
      /**
       * Watch mode: how often every kind is listed again anyway, a safety net
       * (a watch already relists when its resourceVersion is too old).
       * Default: 10 minutes.
       * @visibility backend
       */
      resync?: HumanDuration | string;
      /**
       * Watch mode: server-side timeout of each watch request; the watch then
       * resumes from its last resourceVersion. Default: 5 minutes.
       * @visibility backend
       */
      watchTimeout?: HumanDuration | string;
    };
    /**
     * How much of Kargo's objects a view is built from (characters of their
     * JSON, in MB). Past a limit a Stage is shown as too large to show, with
     * its sizes, and costs the backend nothing more (docs/security.md).
     */
    limits?: {
      /**
       * A Stage, its Promotions and its AnalysisRuns. Default: 32.
       * @visibility backend
       */
      stageObjectsMB?: number;
      /**
       * A project's Stages, Promotions, AnalysisRuns and Freight. Default: 512.
       * @visibility backend
       */
      projectObjectsMB?: number;
    };
    /** Who, besides signed-in users, may read Kargo data (docs/security.md). */
    access?: {
      /**
       * Service principals (static tokens of `backend.auth.externalAccess`,
       * other plugins) and the projects each may read. Backstage's permission
       * client allows every service everything, so without an entry here a
       * service reads nothing: the Stage, AnalysisRun and entity routes and
       * the MCP tools answer it as if no project existed. The catalog module
       * (`plugin:catalog`) reads `GET /snapshot` for every project unless
       * listed here.
       * @visibility backend
       */
      services?: Array<{
        /**
         * The principal's subject as Backstage forms it: a static token's
         * `subject` as configured, `external:<sub>` for a JWKS token,
         * `plugin:<pluginId>` for a plugin.
         */
        subject: string;
        /** Project names, or `'*'` for every project. */
        projects: string[];
        /** Whether AnalysisRun answers include the `raw` object. Default: false. */
        raw?: boolean;
        /**
         * Whether this service may write (promote, reverify, abort) through
         * the write pipeline, as the portal (`api.token`) or, with `writes:
         * kubernetes`, as the reads' service account. Default: false: no
         * service writes unless listed (Backstage allows services every
         * permission, so Backstage's policy cannot stop them).
         */
        write?: boolean;
      }>;
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
      /**
       * How long a user's last allowed read of a Stage (`kargo.stage.read`,
       * recorded as they read it) lets them be told of that Stage: an owner
       * whose access was revoked, and who has not read the Stage since, may
       * be told for up to this long. Default: 7 days; at most 90 days.
       * @visibility backend
       */
      readDecisionMaxAge?: HumanDuration | string;
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
    /** Live updates through Backstage signals (docs/security.md, "Live updates"). */
    signals?: {
      /**
       * The key (at least 32 characters) of the HMAC that names each
       * project's opaque signal channel. Every replica must have the same.
       * Default: a random key generated once and kept in the plugin's
       * database (shared by replicas that share the database). Changing it
       * renames every channel: open pages get live updates again after
       * their next read or a reload.
       * @visibility secret
       */
      channelKey?: string;
    };
  };
}
