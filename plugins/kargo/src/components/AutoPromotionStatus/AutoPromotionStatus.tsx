import Typography from '@material-ui/core/Typography';
import {
  autoPromotionEffectOf,
  type AutoPromotionHold,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useFormatters } from '../../hooks/useFormatters';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** One hold in words: which origin, since when, set by which Promotion. */
function useHoldText() {
  const { t } = useKargoTranslation();
  const format = useFormatters();
  return (hold: AutoPromotionHold) => {
    const origin = hold.warehouse ?? hold.origin;
    const since = format.dateTime(hold.since);
    if (!since) return t('autoPromotion.held', { origin });
    if (!hold.promotion) return t('autoPromotion.heldSince', { origin, since });
    const words = { origin, since, promotion: hold.promotion };
    return hold.actor
      ? t('autoPromotion.heldByActor', { ...words, actor: hold.actor })
      : t('autoPromotion.heldBy', words);
  };
}

/**
 * Whether Kargo auto-promotes into the Stage and what pauses it, in words
 * (Kargo's own answer on the Stage). Nothing when Kargo does not
 * auto-promote into it and nothing holds it.
 */
export function AutoPromotionStatus(props: { stage: StageDetail }) {
  const { t } = useKargoTranslation();
  const holdText = useHoldText();
  const auto = props.stage.autoPromotion;
  if (!auto) return null;
  return (
    <Typography variant="body2" component="span">
      {auto.holds.length
        ? auto.holds.map(holdText).join(' ')
        : t('autoPromotion.on')}
    </Typography>
  );
}

/**
 * In the Promote dialog, before a manual promotion: what it does to
 * auto-promotion (pauses it for the Freight's origin, or resumes it), as
 * Kargo decides when it admits the Promotion.
 */
export function AutoPromotionEffect(props: {
  stage: StageDetail;
  freight: string | undefined;
}) {
  const { stage, freight } = props;
  const { t } = useKargoTranslation();
  if (!freight) return null;
  const effect = autoPromotionEffectOf(
    stage.autoPromotion,
    stage.freightOptions ?? [],
    freight,
  );
  if (!effect) return null;
  const origin = effect.origin.replace(/^Warehouse\//, '');
  const held = stage.autoPromotion?.holds.some(h => h.origin === effect.origin);
  let text: string;
  if (effect.effect === 'resume') {
    if (!held) return null;
    text = t('autoPromotion.willResume', { origin });
  } else if (effect.candidate) {
    text = t('autoPromotion.willHold', {
      origin,
      candidate: effect.candidate.alias ?? effect.candidate.name,
    });
  } else text = t('autoPromotion.willHoldNoCandidate', { origin });
  return (
    <Typography variant="body2" color="textSecondary" role="note">
      {text}
    </Typography>
  );
}
