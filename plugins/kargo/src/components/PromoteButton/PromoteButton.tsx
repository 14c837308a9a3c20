import { useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import Typography from '@material-ui/core/Typography';
import type {
  FreightOption,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import {
  useFreightApprovePermission,
  useReasonText,
  useStagePromotePermission,
} from '../../hooks';
import { ApproveFreightButton } from '../ApproveFreightButton';
import { AutoPromotionEffect } from '../AutoPromotionStatus';
import { FreightChanges } from '../FreightChanges';
import { FreightWarning } from '../FreightWarning';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

function FreightLabel(props: { option: FreightOption; stage: StageDetail }) {
  const { option, stage } = props;
  const { t } = useKargoTranslation();
  const wordReason = useReasonText();
  return (
    <Box>
      <Box display="flex" alignItems="center" style={{ gap: 8 }}>
        <Typography variant="body2">{option.alias ?? option.name}</Typography>
        {option.current && (
          <Chip size="small" variant="outlined" label={t('promote.current')} />
        )}
        {option.approved && (
          <Chip size="small" variant="outlined" label={t('promote.approved')} />
        )}
      </Box>
      <Typography variant="caption" color="textSecondary">
        {wordReason(option, option.reason)}
      </Typography>
      <FreightWarning option={option} />
      <FreightChanges option={option} />
      {!option.available && !option.current && (
        <Box mt={0.5}>
          <ApproveFreightButton stage={stage} freight={option} />
        </Box>
      )}
    </Box>
  );
}

/**
 * Promote into a Stage: the Freight it requests, each with Kargo's reason
 * why it is or is not available, behind the guarded action button's confirm
 * dialog. Disabled, with the reason, when the user may not promote or
 * nothing is available.
 */
export function PromoteButton(props: { stage: StageDetail }) {
  const { stage } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = useStagePromotePermission(stage);
  const options = stage.freightOptions ?? [];
  const firstAvailable = options.find(o => o.available && !o.current);
  const [chosen, setChosen] = useState<string | undefined>();
  const name = `${stage.project}/${stage.name}`;
  const selected = chosen ?? firstAvailable?.name;
  const promote = api.promote?.bind(api);
  // With nothing available, the dialog still opens where Freight may be
  // approved for the Stage (its Approve buttons are in the dialog).
  const approvePermission = useFreightApprovePermission(stage);
  const mayApprove = (o: FreightOption) =>
    !o.current && !!api.approveFreight && approvePermission.allowed;

  return (
    <GuardedActionButton
      instance={stage.instance}
      label={t('promote.button')}
      variant="contained"
      color="primary"
      permission={permission}
      deniedReason={t('promote.notPermitted')}
      unavailableReason={
        !promote || !options.some(o => o.available || mayApprove(o))
          ? t('promote.noneAvailable')
          : undefined
      }
      onOpen={() => setChosen(undefined)}
      dialog={{
        titleId: `kargo-promote-${stage.instance}-${stage.project}-${stage.name}`,
        title: t('promote.title', { stage: name }),
        confirmLabel: t('promote.confirm'),
        confirmDisabled: !selected,
        wide: true,
        body: (
          <>
            <DialogContentText>
              {t('promote.body', { stage: name })}
            </DialogContentText>
            <RadioGroup
              aria-label={t('promote.freight')}
              value={selected ?? ''}
              onChange={(_, value) => setChosen(value)}
            >
              {options.map(option => (
                <FormControlLabel
                  key={option.name}
                  value={option.name}
                  disabled={!option.available}
                  control={<Radio color="primary" />}
                  label={<FreightLabel option={option} stage={stage} />}
                />
              ))}
            </RadioGroup>
            <AutoPromotionEffect stage={stage} freight={selected} />
          </>
        ),
      }}
      run={() =>
        promote!({
          project: stage.project,
          stage: stage.name,
          instance: stage.instance,
          freight: selected!,
        })
      }
      succeeded={result =>
        t('promote.requested', { promotion: result.promotion, stage: name })
      }
      failed={message => t('promote.failed', { stage: name, message })}
    />
  );
}
