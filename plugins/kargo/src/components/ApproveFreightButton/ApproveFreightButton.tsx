import { useApi } from '@backstage/core-plugin-api';
import DialogContentText from '@material-ui/core/DialogContentText';
import type {
  FreightOption,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { kargoApiRef } from '../../api';
import { useFreightApprovePermission } from '../../hooks';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * "Approve for <Stage>" on a Freight not available to the Stage (Kargo's
 * manual approval), behind kargo.freight.approve, the person's Kargo
 * sign-in and a confirm dialog. Kargo's RBAC decides last; once approved,
 * the Stage's data (pushed by signals) lists the Freight as available.
 */
export function ApproveFreightButton(props: {
  stage: StageDetail;
  freight: FreightOption;
}) {
  const { stage, freight } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = useFreightApprovePermission(stage);
  const approve = api.approveFreight?.bind(api);
  const words = {
    freight: freight.alias ?? freight.name,
    stage: `${stage.project}/${stage.name}`,
  };
  if (!approve) return null;
  return (
    <GuardedActionButton
      instance={stage.instance}
      label={t('approveFreight.button', { stage: stage.name })}
      ariaLabel={t('approveFreight.label', words)}
      variant="outlined"
      permission={permission}
      deniedReason={t('approveFreight.notPermitted')}
      dialog={{
        titleId: `kargo-approve-${stage.instance}-${stage.project}-${stage.name}-${freight.name}`,
        title: t('approveFreight.title', words),
        confirmLabel: t('approveFreight.confirm'),
        body: (
          <DialogContentText>
            {t('approveFreight.body', words)}
          </DialogContentText>
        ),
      }}
      run={() =>
        approve({
          project: stage.project,
          stage: stage.name,
          instance: stage.instance,
          freight: freight.name,
        })
      }
      succeeded={() => t('approveFreight.approved', words)}
      failed={message => t('approveFreight.failed', { ...words, message })}
    />
  );
}
