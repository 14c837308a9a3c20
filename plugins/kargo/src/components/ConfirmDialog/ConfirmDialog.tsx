import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import { useState, type ReactNode } from 'react';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** @internal */
interface ConfirmDialogProps {
  open: boolean;
  /** Id of the title, which labels the dialog. */
  titleId: string;
  /** While the write runs: nothing closes the dialog, both buttons wait. */
  busy: boolean;
  title: string;
  confirmLabel: string;
  confirmDisabled?: boolean;
  /** A wide dialog, for content such as a list to choose from. */
  wide?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/**
 * The confirm step every write of the tab (reverify, promote, abort) goes
 * through. Mounted only while open or closing: a 50-Stage tab has 150 of
 * them, and MUI's closed dialogs still cost a render each.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useKargoTranslation();
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Dialog
      open={props.open}
      TransitionProps={{ onExited: () => setMounted(false) }}
      onClose={() => !props.busy && props.onClose()}
      aria-labelledby={props.titleId}
      {...(props.wide ? { maxWidth: 'sm' as const, fullWidth: true } : {})}
    >
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          color="primary"
          variant="contained"
          onClick={props.onConfirm}
          disabled={props.busy || props.confirmDisabled}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
