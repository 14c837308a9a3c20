export interface Config {
  /** Configuration for Kargo for Backstage. */
  kargo?: {
    /**
     * The Kargo instances (Kubernetes clusters running Kargo) to read. Entities
     * pick one with the `kargo.akuity.io/instance` annotation; the first one is
     * the default.
     */
    instances: Array<{
      /**
       * Unique name of the instance, referenced by annotations and the
       * `?instance=` query parameter. Lower-case letters, digits and dashes.
       * @visibility frontend
       */
      name: string;
      /**
       * URL of the cluster's Kubernetes API server. Required with
       * `serviceAccount`; with `kubeconfig` or `inCluster` it overrides the
       * server the kubeconfig or the pod names.
       * @visibility backend
       */
      url?: string;
      /**
       * How to authenticate: `serviceAccount` (default; uses
       * `serviceAccountToken`), `kubeconfig` (a kubeconfig file) or
       * `inCluster` (the pod's own service account).
       * @visibility backend
       */
      authProvider?: 'serviceAccount' | 'kubeconfig' | 'inCluster';
      /**
       * Bearer token of the service account Backstage uses on this cluster.
       * @visibility secret
       */
      serviceAccountToken?: string;
      /**
       * With `authProvider: kubeconfig`: the kubeconfig file and, optionally,
       * the context to use (default: its current context).
       * @visibility backend
       */
      kubeconfig?: {
        /** @visibility backend */
        path?: string;
        /** @visibility backend */
        context?: string;
      };
      /**
       * Base64 PEM bundle of the certificate authorities to trust; with
       * `kubeconfig` or `inCluster` it replaces their CA. Not with `caFile`.
       * @visibility secret
       */
      caData?: string;
      /**
       * Path to a PEM file of the certificate authorities to trust.
       * @visibility backend
       */
      caFile?: string;
      /**
       * Skip TLS certificate verification (with any authProvider). Never in
       * production.
       * @visibility backend
       */
      skipTLSVerify?: boolean;
      /**
       * Base URL of Kargo's UI, for deep links.
       * @visibility frontend
       */
      kargoUrl?: string;
      /**
       * The Argo CD the instance's Stages update Applications in
       * (`argocd-update` steps): the Kargo tab links each Application to
       * `<url>/applications/<namespace>/<name>`, as Kargo's UI does.
       */
      argocd?: {
        /**
         * Base URL of Argo CD's UI.
         * @visibility frontend
         */
        url: string;
      };
      /**
       * Kargo's REST API server (`/v1beta1`), through which writes
       * (promote, reverify, abort) are made as the signed-in person or the
       * portal, so that Kargo's RBAC decides and Kargo records who acted.
       */
      api?: {
        /**
         * Base URL of Kargo's API server; the client appends `/v1beta1/...`.
         * Tokens are sent only to this URL's origin (no redirect followed).
         * @visibility backend
         */
        url: string;
        /**
         * As whom writes are made: `user` (default: the signed-in person's
         * ID token from `authProvider`; where no person is present, the
         * portal's `token` when set, else the write is refused) or `portal`
         * (always `token`; Kargo records the token's ServiceAccount).
         * @visibility frontend
         */
        identity?: 'user' | 'portal';
        /**
         * The Backstage auth provider (e.g. `oidc`) whose ID tokens Kargo's
         * identity provider issued, hence Kargo accepts. Required with
         * identity `user`.
         * @visibility frontend
         */
        authProvider?: string;
        /**
         * The portal's Kargo API token (a role-bound ServiceAccount token),
         * used where no person is present and with identity `portal`.
         * @visibility secret
         */
        token?: string;
        /**
         * Authorize a person's reads by Kargo too (default false): Backstage's
         * `kargo.stage.read` decides first, then a project's Stages are shown
         * to a person only where Kargo lists them to that person (asked with
         * the ID token from `authProvider`, which is then required), at most
         * once per person and project per minute. Services and people
         * without a token (e.g. over MCP) see none of this instance's Stages.
         * @visibility frontend
         */
        authorizeReads?: boolean;
        /**
         * Base64 PEM bundle of the certificate authorities to trust for
         * `url` (default: Node's trusted CAs).
         * @visibility secret
         */
        caData?: string;
        /**
         * Skip TLS certificate verification of `url`. Never in production.
         * @visibility backend
         */
        skipTLSVerify?: boolean;
      };
      /**
       * How writes reach Kargo: `kargoApi` (the default when `api` is set)
       * or `kubernetes` (an explicit fallback for clusters without Kargo's
       * API: writes go to the Kubernetes API as the service account above,
       * and Kargo records that account, not the person). With neither,
       * writes are refused and reads work.
       * @visibility backend
       */
      writes?: 'kargoApi' | 'kubernetes';
    }>;
  };
}
