import { clip, httpUrlOf } from '@kargo-backstage/plugin-kargo-common';
import type { KargoResolvedLink, KargoStageLinks } from './types';

/**
 * Links kept of a Stage's, the first ones as Kargo answers them: Kargo
 * resolves one per template of a ClusterConfig and ProjectConfig (a project
 * admin's object of up to 1.5 MB, ~20,000 templates), and a menu is read by
 * a person. Real configurations hold a handful.
 */
export const MAX_STAGE_LINKS = 100;
/** Messages kept of the templates Kargo could not evaluate. */
const MAX_LINK_ERRORS = 100;
/** Longest title kept; longer text is cut. */
const MAX_TITLE = 200;
/** Longest description or message kept; longer text is cut. */
const MAX_DESCRIPTION = 2_000;

/**
 * Kargo's answer for a Stage's links, bounded: only what a link needs, a
 * title and an http(s) URL without credentials of at most 2,048 characters
 * (a template may resolve to anything, `javascript:` included), the first
 * {@link MAX_STAGE_LINKS}, titles and descriptions clipped.
 */
export function stageLinksOf(
  data:
    | {
        links?: ({
          title?: string;
          url?: string;
          description?: string;
        } | null)[];
        errors?: unknown[];
      }
    | undefined,
): KargoStageLinks {
  const links: KargoResolvedLink[] = [];
  for (const link of data?.links ?? []) {
    if (links.length === MAX_STAGE_LINKS) break;
    const url = httpUrlOf(link?.url);
    if (!url || !link?.title || typeof link.title !== 'string') continue;
    links.push({
      title: clip(link.title, MAX_TITLE),
      url,
      ...(link.description && typeof link.description === 'string'
        ? { description: clip(link.description, MAX_DESCRIPTION) }
        : {}),
    });
  }
  const errors: string[] = [];
  for (const error of data?.errors ?? []) {
    if (errors.length === MAX_LINK_ERRORS) break;
    if (typeof error === 'string') errors.push(clip(error, MAX_DESCRIPTION));
  }
  return { links, errors };
}
