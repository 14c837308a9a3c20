import { useApi } from '@backstage/core-plugin-api';
import DialogContentText from '@material-ui/core/DialogContentText';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { kargoApiRef } from '../../api';
import { useReasonText, useStageActionPermission } from '../../hooks';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

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
 * Reverify or Abort verification, through the guarded action button.
 * Disabled, with the reason, when Kargo does not allow it or the user may not.
 */
export function StageActionButton(props: {
  stage: StageDetail;
  action: StageAction;
  /** Called once the backend accepted the request. */
  onDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { stage, action, onDone } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = useStageActionPermission(stage, action);
  const wordReason = useReasonText();
  const m = MESSAGES[action];
  const name = `${stage.project}/${stage.name}`;
  const availability = stage.actions[action];
  const request = {
    project: stage.project,
    stage: stage.name,
    instance: stage.instance,
  };

  return (
    <GuardedActionButton
      instance={stage.instance}
      label={t(m.label)}
      color={action === 'reverify' ? 'primary' : 'default'}
      permission={permission}
      deniedReason={t(m.denied)}
      unavailableReason={
        availability.allowed
          ? undefined
          : wordReason(availability, availability.reason) ??
            t('actions.notAllowed')
      }
      dialog={{
        titleId: `kargo-${action}-${stage.instance}-${stage.project}-${stage.name}`,
        title: t(m.title, { stage: name }),
        confirmLabel: t(m.confirm),
        body: (
          <DialogContentText>{t(m.body, { stage: name })}</DialogContentText>
        ),
      }}
      run={async () => {
        if (action === 'reverify') await api.reverify(request);
        else await api.abortVerification(request);
      }}
      succeeded={() => t(m.done, { stage: name })}
      failed={message => t(m.failed, { stage: name, message })}
      onDone={() => onDone?.(stage, action)}
    />
  );
}
