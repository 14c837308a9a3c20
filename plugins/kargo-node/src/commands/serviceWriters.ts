import type { Config } from '@backstage/config';

/**
 * The service subjects `kargo.access.services[].write: true` lets write to
 * Kargo (as the portal). Backstage allows services every permission, so
 * without this list no service writes.
 *
 * @public
 */
export function kargoServiceWriters(config: Config): ReadonlySet<string> {
  return new Set(
    (config.getOptionalConfigArray('kargo.access.services') ?? [])
      .filter(entry => entry.getOptionalBoolean('write'))
      .map(entry => entry.getString('subject')),
  );
}
