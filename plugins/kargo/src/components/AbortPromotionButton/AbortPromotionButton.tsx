import { useApi } from '@backstage/core-plugin-api';
import DialogContentText from '@material-ui/core/DialogContentText';
import type { PromotionTimelineEntry } from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import { useStagePromotePermission } from '../../hooks';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * Abort a Pending or Running Promotion, through the guarded action button.
 * The same permission as Promote (`kargo.stage.promote` on the Stage);
 * disabled, with the reason, when denied or when an abort is already asked
 * for. The page then follows the Promotion to Aborted (signals push it).
 */
export function AbortPromotionButton(props: {
  stage: { instance: string; project: string; name: string };
  promotion: Pick<PromotionTimelineEntry, 'name' | 'abortRequested'>;
}) {
  const { stage, promotion } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = useStagePromotePermission(stage);
  // Asked for here: disabled until the next answer says it has ended.
  const [asked, setAsked] = useState(false);
  if (!api.abortPromotion) return null;
  const abortPromotion = api.abortPromotion.bind(api);
  const name = `${stage.project}/${stage.name}`;

  return (
    <GuardedActionButton
      instance={stage.instance}
      label={t('abortPromotion.button')}
      ariaLabel={t('abortPromotion.label', { promotion: promotion.name })}
      style={{ whiteSpace: 'nowrap' }}
      permission={permission}
      deniedReason={t('abortPromotion.notPermitted')}
      unavailableReason={
        promotion.abortRequested || asked
          ? t('abortPromotion.alreadyRequested')
          : undefined
      }
      dialog={{
        titleId: `kargo-abort-promotion-${stage.instance}-${stage.project}-${promotion.name}`,
        title: t('abortPromotion.title', { promotion: promotion.name }),
        confirmLabel: t('abortPromotion.confirm'),
        body: (
          <DialogContentText>
            {t('abortPromotion.body', {
              promotion: promotion.name,
              stage: name,
            })}
          </DialogContentText>
        ),
      }}
      run={() =>
        abortPromotion({
          project: stage.project,
          stage: stage.name,
          instance: stage.instance,
          promotion: promotion.name,
        })
      }
      onDone={() => setAsked(true)}
      succeeded={() =>
        t('abortPromotion.requested', { promotion: promotion.name })
      }
      failed={message =>
        t('abortPromotion.failed', { promotion: promotion.name, message })
      }
    />
  );
}
