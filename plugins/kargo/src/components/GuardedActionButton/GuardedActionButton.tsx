import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import Button, { type ButtonProps } from '@material-ui/core/Button';
import Tooltip from '@material-ui/core/Tooltip';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useErrorText, useKargoWriteIdentity } from '../../hooks';
import { ConfirmDialog } from '../ConfirmDialog';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** @internal */
export interface GuardedActionButtonProps<T> {
  /** The Kargo instance written to: whose sign-in the write needs. */
  instance: string;
  /**
   * Whether the write needs the person's Kargo sign-in (default true);
   * false for a Git write the portal makes with its own Git identity.
   */
  needsKargoIdentity?: boolean;
  /** The button's text. */
  label: string;
  /** Its accessible name, when the text alone is ambiguous on the page. */
  ariaLabel?: string;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  style?: CSSProperties;
  /** The Backstage permission decision (usePermission's answer). */
  permission: { loading: boolean; allowed: boolean };
  /** Why it is disabled when the permission is denied. */
  deniedReason: string;
  /** Why it is disabled otherwise (Kargo's state), if it is. */
  unavailableReason?: string;
  /** Called when the dialog opens (e.g. to reset a choice). */
  onOpen?: () => void;
  dialog: {
    titleId: string;
    title: string;
    confirmLabel: string;
    confirmDisabled?: boolean;
    wide?: boolean;
    body: ReactNode;
  };
  /** The write, once confirmed. */
  run: () => Promise<T>;
  /** The success message, from the write's answer. */
  succeeded: (result: T) => string;
  /** The failure message, with the error in words. */
  failed: (message: string) => string;
  /** Called once the backend accepted the write. */
  onDone?: (result: T) => void;
}

/**
 * The one guarded write button of the plugin (promote, abort a Promotion,
 * reverify, abort verification): Backstage's permission first, then the
 * person's sign-in with the instance's Kargo identity provider, then Kargo's
 * own state; disabled with the reason as tooltip and in its aria-label;
 * a confirm dialog; the write's result or error in words (Kargo's refusal
 * with Kargo's message). Kargo's answer is final.
 */
export function GuardedActionButton<T>(props: GuardedActionButtonProps<T>) {
  const { t } = useKargoTranslation();
  const alertApi = useApi(alertApiRef);
  const wordError = useErrorText();
  const write = useKargoWriteIdentity(props.instance);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const identity = write.identity;
  const needsKargo = props.needsKargoIdentity !== false;
  let reason: string | undefined;
  if (props.permission.loading || (needsKargo && write.loading)) {
    reason = t('actions.checkingPermission');
  } else if (!props.permission.allowed) reason = props.deniedReason;
  else if (
    needsKargo &&
    identity?.type === 'user' &&
    identity.provider &&
    !identity.signedIn
  ) {
    reason = t('actions.signInToAct', {
      provider: identity.providerTitle ?? identity.provider,
    });
  } else reason = props.unavailableReason;

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await props.run();
      alertApi.post({
        message: props.succeeded(result),
        severity: 'success',
        display: 'transient',
      });
      props.onDone?.(result);
    } catch (e) {
      alertApi.post({
        message: props.failed(wordError(e)),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const name = props.ariaLabel ?? props.label;
  return (
    <>
      {/* A disabled button gets no pointer events: the span carries the
          tooltip, and names the reason for assistive technology. */}
      <Tooltip title={reason ?? ''}>
        <span aria-label={reason ? `${name}: ${reason}` : undefined}>
          <Button
            size="small"
            variant={props.variant ?? 'outlined'}
            color={props.color}
            aria-label={props.ariaLabel}
            disabled={!!reason || busy}
            onClick={() => {
              props.onOpen?.();
              setOpen(true);
            }}
            style={props.style}
          >
            {props.label}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={open}
        busy={busy}
        titleId={props.dialog.titleId}
        title={props.dialog.title}
        confirmLabel={props.dialog.confirmLabel}
        confirmDisabled={props.dialog.confirmDisabled}
        wide={props.dialog.wide}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        {props.dialog.body}
      </ConfirmDialog>
    </>
  );
}
