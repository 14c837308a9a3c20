import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Button from '@material-ui/core/Button';
import DialogContentText from '@material-ui/core/DialogContentText';
import Tooltip from '@material-ui/core/Tooltip';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import { useErrorText, useStagePromotePermission } from '../../hooks';
import { kargoTranslationRef } from '../../translation';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * Abort a Pending or Running Promotion, behind a confirm dialog. The same
 * permission as Promote (`kargo.stage.promote` on the Stage); disabled, with
 * the reason as tooltip, when denied or when an abort is already asked for.
 * The page then follows the Promotion to Aborted (signals push the change).
 */
export function AbortPromotionButton(props: {
  stage: { instance: string; project: string; name: string };
  promotion: Pick<PromotionTimelineEntry, 'name' | 'abortRequested'>;
}) {
  const { stage, promotion } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  const wordError = useErrorText();
  const api = useApi(kargoApiRef);
  const alertApi = useApi(alertApiRef);
  const permission = useStagePromotePermission(stage);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Asked for here: disabled until the next answer says it has ended.
  const [asked, setAsked] = useState(false);
  if (!api.abortPromotion) return null;
  const name = `${stage.project}/${stage.name}`;

  let reason: string | undefined;
  if (permission.loading) reason = t('actions.checkingPermission');
  else if (!permission.allowed) reason = t('abortPromotion.notPermitted');
  else if (promotion.abortRequested || asked) {
    reason = t('abortPromotion.alreadyRequested');
  }

  const confirm = async () => {
    setBusy(true);
    try {
      await api.abortPromotion!({
        project: stage.project,
        stage: stage.name,
        instance: stage.instance,
        promotion: promotion.name,
      });
      setAsked(true);
      alertApi.post({
        message: t('abortPromotion.requested', { promotion: promotion.name }),
        severity: 'success',
        display: 'transient',
      });
    } catch (e) {
      alertApi.post({
        message: t('abortPromotion.failed', {
          promotion: promotion.name,
          message: wordError(e),
        }),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const titleId = `kargo-abort-promotion-${stage.instance}-${stage.project}-${promotion.name}`;
  const label = t('abortPromotion.label', { promotion: promotion.name });
  return (
    <>
      {/* A disabled button gets no pointer events: the span carries the
          tooltip, and names the reason for assistive technology. */}
      <Tooltip title={reason ?? ''}>
        <span aria-label={reason ? `${label}: ${reason}` : undefined}>
          <Button
            size="small"
            variant="outlined"
            aria-label={label}
            disabled={!!reason || busy}
            onClick={() => setOpen(true)}
            style={{ whiteSpace: 'nowrap' }}
          >
            {t('abortPromotion.button')}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={open}
        busy={busy}
        titleId={titleId}
        title={t('abortPromotion.title', { promotion: promotion.name })}
        confirmLabel={t('abortPromotion.confirm')}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        <DialogContentText>
          {t('abortPromotion.body', { promotion: promotion.name, stage: name })}
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
