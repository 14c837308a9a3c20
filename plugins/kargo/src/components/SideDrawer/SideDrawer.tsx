import Box from '@material-ui/core/Box';
import Drawer from '@material-ui/core/Drawer';
import IconButton from '@material-ui/core/IconButton';
import Typography from '@material-ui/core/Typography';
import CloseIcon from '@material-ui/icons/Close';
import type { ReactNode } from 'react';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * A side panel from the right: a region named by its title, with a close
 * button. A fixed paper width (capped to the viewport) and a border-box body
 * keep it from being cut off on the right; long titles wrap.
 */
export function SideDrawer(props: {
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useKargoTranslation();
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      PaperProps={{ style: { width: props.width, maxWidth: '100vw' } }}
    >
      <Box
        p={3}
        width="100%"
        boxSizing="border-box"
        role="region"
        aria-label={props.title}
      >
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
            {props.title}
          </Typography>
          <IconButton aria-label={t('drawer.close')} onClick={props.onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {props.children}
      </Box>
    </Drawer>
  );
}
