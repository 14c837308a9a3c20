import Chip from '@material-ui/core/Chip';
import Tooltip from '@material-ui/core/Tooltip';
import type { VerificationEntry } from '@kargo-backstage/plugin-kargo-common';
import { useFormatters } from '../../hooks/useFormatters';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * Marks a verification whose recorded phase in the Stage status disagrees
 * with its AnalysisRun, and explains the difference in a tooltip.
 */
export function StaleMarker(props: {
  entry: Pick<
    VerificationEntry,
    'stale' | 'phase' | 'recordedPhase' | 'finishTime'
  >;
}) {
  const { entry } = props;
  const { t } = useKargoTranslation();
  const format = useFormatters();
  if (!entry.stale) return null;
  const time = format.clock(entry.finishTime);
  let explanation: string;
  if (!entry.recordedPhase) {
    explanation = t('verification.staleTooltipUnlisted', {
      phase: entry.phase,
    });
  } else if (time) {
    explanation = t('verification.staleTooltip', {
      recorded: entry.recordedPhase,
      phase: entry.phase,
      time,
    });
  } else {
    explanation = t('verification.staleTooltipNoTime', {
      recorded: entry.recordedPhase,
      phase: entry.phase,
    });
  }
  return (
    <Tooltip title={explanation}>
      <Chip
        size="small"
        variant="outlined"
        label={t('verification.stale')}
        aria-label={`${t('verification.stale')}: ${explanation}`}
      />
    </Tooltip>
  );
}
