import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Button from '@material-ui/core/Button';
import DialogContentText from '@material-ui/core/DialogContentText';
import Tooltip from '@material-ui/core/Tooltip';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import {
  useErrorText,
  useReasonText,
  useStageActionPermission,
} from '../../hooks';
import { kargoTranslationRef } from '../../translation';
import { ConfirmDialog } from '../ConfirmDialog';

/** The Stage actions the UI offers. */
export type StageAction = 'reverify' | 'abort';

const MESSAGES = {
  reverify: {
    label: 'actions.reverify',
    title: 'actions.reverifyTitle',
    body: 'actions.reverifyBody',
    confirm: 'actions.confirmReverify',
    done: 'actions.reverifyRequested',
    failed: 'actions.reverifyFailed',
    denied: 'actions.notPermittedReverify',
  },
  abort: {
    label: 'actions.abort',
    title: 'actions.abortTitle',
    body: 'actions.abortBody',
    confirm: 'actions.confirmAbort',
    done: 'actions.abortRequested',
    failed: 'actions.abortFailed',
    denied: 'actions.notPermittedAbort',
  },
} as const;

/**
 * Reverify or Abort verification, behind a confirm dialog. Disabled, with the
 * reason as tooltip, when Kargo does not allow it or the user may not.
 */
export function StageActionButton(props: {
  stage: StageDetail;
  action: StageAction;
  /** Called once the backend accepted the request. */
  onDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { stage, action, onDone } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  const api = useApi(kargoApiRef);
  const alertApi = useApi(alertApiRef);
  const permission = useStageActionPermission(stage, action);
  const wordReason = useReasonText();
  const wordError = useErrorText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const m = MESSAGES[action];
  const name = `${stage.project}/${stage.name}`;

  let reason: string | undefined;
  if (permission.loading) reason = t('actions.checkingPermission');
  else if (!permission.allowed) reason = t(m.denied);
  else if (!stage.actions[action].allowed) {
    const availability = stage.actions[action];
    reason =
      wordReason(availability, availability.reason) ?? t('actions.notAllowed');
  }

  const confirm = async () => {
    setBusy(true);
    const request = {
      project: stage.project,
      stage: stage.name,
      instance: stage.instance,
    };
    try {
      if (action === 'reverify') await api.reverify(request);
      else await api.abortVerification(request);
      alertApi.post({
        message: t(m.done, { stage: name }),
        severity: 'success',
        display: 'transient',
      });
      onDone?.(stage, action);
    } catch (e) {
      alertApi.post({
        message: t(m.failed, { stage: name, message: wordError(e) }),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const titleId = `kargo-${action}-${stage.instance}-${stage.project}-${stage.name}`;
  return (
    <>
      {/* A disabled button gets no pointer events; the span carries the tooltip. */}
      <Tooltip title={reason ?? ''}>
        <span>
          <Button
            size="small"
            variant="outlined"
            color={action === 'reverify' ? 'primary' : 'default'}
            disabled={!!reason || busy}
            onClick={() => setOpen(true)}
          >
            {t(m.label)}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={open}
        busy={busy}
        titleId={titleId}
        title={t(m.title, { stage: name })}
        confirmLabel={t(m.confirm)}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        <DialogContentText>{t(m.body, { stage: name })}</DialogContentText>
      </ConfirmDialog>
    </>
  );
}
