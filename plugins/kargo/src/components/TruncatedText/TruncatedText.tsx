import { CopyTextButton } from '@backstage/core-components';
import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Box from '@material-ui/core/Box';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import { kargoTranslationRef } from '../../translation';

/**
 * One line that never wraps: cut with an ellipsis at `maxWidth`, the whole
 * text in a tooltip, and (with `copy`) a button that copies it.
 */
export function TruncatedText(props: {
  text: string;
  maxWidth?: number | string;
  copy?: boolean;
  color?: 'textSecondary' | 'textPrimary' | 'error';
}) {
  const { text, maxWidth = 240, copy = false, color } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  return (
    <Box display="flex" alignItems="center" style={{ minWidth: 0 }}>
      <Tooltip title={text}>
        <Typography
          variant="body2"
          component="span"
          color={color}
          noWrap
          // minWidth 0: in the flex row it may shrink below its text, so
          // the ellipsis (and not the copy button) gives way.
          style={{ display: 'inline-block', maxWidth, minWidth: 0 }}
        >
          {text}
        </Typography>
      </Tooltip>
      {copy && (
        <CopyTextButton
          text={text}
          tooltipText={t('promotions.copied')}
          aria-label={`${t('promotions.copy')}: ${text}`}
        />
      )}
    </Box>
  );
}
