export interface Config {
  kargo?: {
    /** Settings of the Kargo scaffolder actions. */
    scaffolder?: {
      /**
       * Let tasks created by a service principal (not a signed-in person)
       * promote, reverify, abort Promotions or open pull requests. Default
       * false: Kargo records a person as the actor.
       * @visibility backend
       */
      allowServicePrincipals?: boolean;
    };
    pullRequests?: {
      /**
       * Repositories `kargo:pull-request:open` may be given although no
       * git-open-pr step of the Stage names them literally (e.g.
       * `https://github.com/acme/deploy`). Head and base still come from the
       * Stage. Default: none.
       * @visibility backend
       */
      allowedRepositories?: string[];
    };
  };
}
