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
  };
}
