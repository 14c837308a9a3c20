import { CopyTextButton } from '@backstage/core-components';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

// A static class, not a Box: a Box makes a style rule per instance, and
// the Kargo tab shows a few hundred of these lines.
const useStyles = makeStyles({
  line: { display: 'flex', alignItems: 'center', minWidth: 0 },
});

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
  const { t } = useKargoTranslation();
  const classes = useStyles();
  return (
    <div className={classes.line}>
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
    </div>
  );
}
