import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import LinkIcon from '@material-ui/icons/Link';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';

/** A link's name: its label, else its host. */
export const linkName = (link: { url: string; label: string | null }) =>
  link.label ?? new URL(link.url).host;

/**
 * The links a Promotion's steps emitted in their output, inline on the
 * Promotion as icons named by their label (akuity/kargo v1.11.2
 * ui/src/plugins/output-links-plugin/deep-link/promotion.tsx).
 */
export function PromotionLinks(props: { promotion: PromotionTimelineEntry }) {
  const links = (props.promotion.steps ?? []).flatMap(step => step.links);
  if (!links.length) return null;
  return (
    <Box display="flex" flexShrink={0} style={{ gap: 4 }}>
      {links.map((link, i) => (
        <Link
          key={i}
          to={link.url}
          aria-label={linkName(link)}
          title={linkName(link)}
        >
          <LinkIcon fontSize="small" />
        </Link>
      ))}
    </Box>
  );
}
