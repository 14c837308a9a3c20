import type { Config } from '@backstage/config';

/**
 * The service subjects `kargo.access.services[].write: true` lets write to
 * Kargo (as the portal). Backstage allows services every permission, so
 * without this list no service writes.
 *
 * @public
 */
export function kargoServiceWriters(config: Config): ReadonlySet<string> {
  return new Set(kargoServiceWriteScopes(config).keys());
}

/**
 * The same services with the projects each may write to: its
 * `kargo.access.services[].projects` (`*` for every project), the projects
 * it may read. A service never writes where it may not read.
 *
 * @public
 */
export function kargoServiceWriteScopes(
  config: Config,
): ReadonlyMap<string, readonly string[]> {
  return new Map(
    (config.getOptionalConfigArray('kargo.access.services') ?? [])
      .filter(entry => entry.getOptionalBoolean('write'))
      .map(entry => [
        entry.getString('subject'),
        entry.getOptionalStringArray('projects') ?? [],
      ]),
  );
}
