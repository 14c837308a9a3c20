import Typography from '@material-ui/core/Typography';
import type { FreightOption } from '@kargo-backstage/plugin-kargo-common';
import { useFormatters } from '../../hooks/useFormatters';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * The warning Kargo does not give (akuity/kargo#5144): a Freight offered to
 * the Stage although its re-verification in an upstream Stage failed.
 */
export function FreightWarning(props: { option: FreightOption }) {
  const { t } = useKargoTranslation();
  const format = useFormatters();
  const warnings = props.option.reverifiedFailed ?? [];
  if (!warnings.length) return null;
  return (
    <>
      {warnings.map(w => {
        const words = {
          stage: w.stage,
          verifiedAt: format.dateTime(w.verifiedAt) ?? '—',
          reverifiedAt: format.dateTime(w.reverifiedAt) ?? '—',
          phase: w.phase,
          metric: w.metric ?? '',
        };
        return (
          <Typography
            key={w.stage}
            variant="caption"
            color="error"
            display="block"
            role="alert"
          >
            {w.metric
              ? t('promote.reverifiedFailedMetric', words)
              : t('promote.reverifiedFailed', words)}
          </Typography>
        );
      })}
    </>
  );
}
