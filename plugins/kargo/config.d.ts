export interface Config {
  /** Configuration for Kargo for Backstage. */
  kargo?: {
    /**
     * The Kargo instances (full schema: @kargo-backstage/plugin-kargo-node).
     * The frontend reads, per instance, as whom writes are made and which
     * Backstage auth provider gives the person's ID token for them.
     */
    instances?: Array<{
      /** @visibility frontend */
      name: string;
      api?: {
        /**
         * As whom writes are made: `user` (default) or `portal`.
         * @visibility frontend
         */
        identity?: 'user' | 'portal';
        /**
         * The Backstage auth provider (e.g. `oidc`) whose ID token the
         * frontend sends with writes to this instance.
         * @visibility frontend
         */
        authProvider?: string;
        /**
         * Whether Kargo authorizes a person's reads too: the plugin then
         * sends the person's ID token from `authProvider` with reads of
         * this instance (see the backend's config).
         * @visibility frontend
         */
        authorizeReads?: boolean;
      };
    }>;
  };
}
