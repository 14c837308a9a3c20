import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Box from '@material-ui/core/Box';
import Drawer from '@material-ui/core/Drawer';
import IconButton from '@material-ui/core/IconButton';
import Typography from '@material-ui/core/Typography';
import CloseIcon from '@material-ui/icons/Close';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { kargoTranslationRef } from '../../translation';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { PromotionSteps } from './PromotionSteps';

/**
 * A Promotion opened to every step, beside the timeline. It is given the
 * live entry, so a running Promotion's steps move on while it is open.
 */
export function PromotionStepsDrawer(props: {
  promotion: PromotionTimelineEntry | undefined;
  onClose: () => void;
}) {
  const { promotion, onClose } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  const title = promotion ? t('steps.title', { name: promotion.name }) : '';
  return (
    <Drawer
      anchor="right"
      open={!!promotion}
      onClose={onClose}
      PaperProps={{ style: { width: 960, maxWidth: '100vw' } }}
    >
      <Box p={3} boxSizing="border-box" role="region" aria-label={title}>
        <Box
          display="flex"
          alignItems="center"
          justifyContent="space-between"
          style={{ gap: 8 }}
        >
          <Typography
            variant="h5"
            component="h2"
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {title}
          </Typography>
          <IconButton aria-label={t('drawer.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {promotion && (
          <>
            <Box mb={2}>
              <VerificationPhaseStatus phase={promotion.phase} />
            </Box>
            <PromotionSteps promotion={promotion} />
          </>
        )}
      </Box>
    </Drawer>
  );
}
