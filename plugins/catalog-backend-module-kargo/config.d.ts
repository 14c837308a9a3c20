export interface Config {
  /** Configuration for Kargo for Backstage. */
  kargo?: {};
}
