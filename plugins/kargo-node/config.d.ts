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
    }>;
  };
}
