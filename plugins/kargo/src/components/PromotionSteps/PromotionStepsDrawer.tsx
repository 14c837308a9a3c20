import Box from '@material-ui/core/Box';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { SideDrawer } from '../SideDrawer';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { PromotionSteps } from './PromotionSteps';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * A Promotion opened to every step, beside the timeline. It is given the
 * live entry, so a running Promotion's steps move on while it is open.
 */
export function PromotionStepsDrawer(props: {
  promotion: PromotionTimelineEntry | undefined;
  onClose: () => void;
}) {
  const { promotion, onClose } = props;
  const { t } = useKargoTranslation();
  const title = promotion ? t('steps.title', { name: promotion.name }) : '';
  return (
    <SideDrawer open={!!promotion} title={title} width={1120} onClose={onClose}>
      {promotion && (
        <>
          <Box mb={2}>
            <VerificationPhaseStatus phase={promotion.phase} />
          </Box>
          <PromotionSteps promotion={promotion} />
        </>
      )}
    </SideDrawer>
  );
}
