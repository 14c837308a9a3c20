import Chip from '@material-ui/core/Chip';
import type { StageSummary } from '@kargo-backstage/plugin-kargo-common';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const PHASE_COLOR: Record<string, 'primary' | 'secondary' | 'default'> = {
  Ready: 'primary',
  Failed: 'secondary',
};

/** The Stage phase (as Kargo's UI derives it) and its health. */
export function StageChips(props: {
  stage: Pick<StageSummary, 'phase' | 'health'>;
}) {
  const { stage } = props;
  const { t } = useKargoTranslation();
  return (
    <>
      <Chip
        size="small"
        color={PHASE_COLOR[stage.phase] ?? 'default'}
        label={t('stage.phase', { phase: stage.phase })}
      />
      <Chip
        size="small"
        variant="outlined"
        label={
          stage.health
            ? t('stage.health', { health: stage.health })
            : t('stage.healthUnknown')
        }
      />
    </>
  );
}
