import { useApi } from '@backstage/core-plugin-api';
import DialogContentText from '@material-ui/core/DialogContentText';
import {
  isFailedPromotionPhase,
  type PromotionTimelineEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { kargoApiRef } from '../../api';
import { useStagePromotePermission } from '../../hooks';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * Retry a Failed or Errored Promotion: promotes the same Freight into the
 * Stage again, through the same write as Promote (`kargo.stage.promote`,
 * the person's Kargo sign-in, Kargo's availability rules and RBAC). The
 * backend reads the Freight from Kargo again; nothing is taken on trust.
 */
export function RetryPromotionButton(props: {
  stage: { instance: string; project: string; name: string };
  promotion: Pick<PromotionTimelineEntry, 'name' | 'phase' | 'freight'>;
}) {
  const { stage, promotion } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = useStagePromotePermission(stage);
  const freight = promotion.freight?.name;
  if (!api.promote || !freight || !isFailedPromotionPhase(promotion.phase))
    return null;
  const promote = api.promote.bind(api);
  const words = {
    promotion: promotion.name,
    freight: promotion.freight?.alias ?? freight,
    stage: `${stage.project}/${stage.name}`,
  };
  return (
    <GuardedActionButton
      instance={stage.instance}
      label={t('retryPromotion.button')}
      ariaLabel={t('retryPromotion.label', words)}
      style={{ whiteSpace: 'nowrap' }}
      permission={permission}
      deniedReason={t('promote.notPermitted')}
      dialog={{
        titleId: `kargo-retry-promotion-${stage.instance}-${stage.project}-${promotion.name}`,
        title: t('retryPromotion.title', words),
        confirmLabel: t('retryPromotion.confirm'),
        body: (
          <DialogContentText>
            {t('retryPromotion.body', words)}
          </DialogContentText>
        ),
      }}
      run={() =>
        promote({
          project: stage.project,
          stage: stage.name,
          instance: stage.instance,
          freight,
        })
      }
      succeeded={result =>
        t('promote.requested', {
          promotion: result.promotion,
          stage: words.stage,
        })
      }
      failed={message => t('promote.failed', { stage: words.stage, message })}
    />
  );
}
