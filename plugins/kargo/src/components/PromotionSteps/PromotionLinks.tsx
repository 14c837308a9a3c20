import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import LinkIcon from '@material-ui/icons/Link';
import type {
  PromotionStepView,
  PromotionTimelineEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** Links drawn on a Promotion's row; the steps drawer has the others. */
export const MAX_ROW_LINKS = 5;

type StepLink = PromotionStepView['links'][number];

/** A link's name: its label, else its host. */
export const linkName = (link: { url: string; label: string | null }) =>
  link.label ?? new URL(link.url).host;

/** The links of a Promotion's steps, each URL once (its first label). */
function distinctLinks(promotion: PromotionTimelineEntry) {
  const byUrl = new Map<string, StepLink>();
  for (const step of promotion.steps ?? []) {
    for (const link of step.links) {
      if (!byUrl.has(link.url)) byUrl.set(link.url, link);
    }
  }
  return [...byUrl.values()];
}

/**
 * The links a Promotion's steps emitted in their output, inline on the
 * Promotion as icons named by their label (akuity/kargo v1.11.2
 * ui/src/plugins/output-links-plugin/deep-link/promotion.tsx): the first
 * {@link MAX_ROW_LINKS}, and "+N" for the others, which opens the steps.
 */
export function PromotionLinks(props: {
  promotion: PromotionTimelineEntry;
  onMore: () => void;
}) {
  const { t } = useKargoTranslation();
  const links = distinctLinks(props.promotion);
  if (!links.length) return null;
  const more = links.length - MAX_ROW_LINKS;
  const moreLabel = t('steps.moreLinks', { count: more });
  return (
    <Box display="flex" flexShrink={0} alignItems="center" style={{ gap: 4 }}>
      {links.slice(0, MAX_ROW_LINKS).map(link => (
        <Link
          key={link.url}
          to={link.url}
          aria-label={linkName(link)}
          title={linkName(link)}
        >
          <LinkIcon fontSize="small" />
        </Link>
      ))}
      {more > 0 && (
        <Button
          size="small"
          aria-label={moreLabel}
          title={moreLabel}
          onClick={props.onMore}
          style={{ minWidth: 0, padding: '0 4px' }}
        >
          +{more}
        </Button>
      )}
    </Box>
  );
}
