import type { KargoCatalogConfig, KargoOwnerRule } from '../config';

function specificity(rule: KargoOwnerRule): number {
  // Project outranks instance: teams own projects, platforms own instances.
  return (rule.project ? 2 : 0) + (rule.instance ? 1 : 0);
}

/**
 * The owner of a Stage entity: the most specific `owners` rule matching the
 * Stage's instance and project (the first listed among equals), else the
 * default owner.
 */
export function resolveOwner(
  config: Pick<KargoCatalogConfig, 'defaultOwner' | 'owners'>,
  instance: string,
  project: string,
): string {
  let best: KargoOwnerRule | undefined;
  for (const rule of config.owners) {
    const matches =
      (rule.instance === undefined || rule.instance === instance) &&
      (rule.project === undefined || rule.project === project);
    if (matches && (!best || specificity(rule) > specificity(best))) {
      best = rule;
    }
  }
  return best?.owner ?? config.defaultOwner;
}
