import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import type {
  FreightOption,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import {
  useErrorText,
  useReasonText,
  useStagePromotePermission,
} from '../../hooks';
import { kargoTranslationRef } from '../../translation';
import { ConfirmDialog } from '../ConfirmDialog';

function FreightLabel(props: { option: FreightOption }) {
  const { option } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
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
    </Box>
  );
}

/**
 * Promote into a Stage: the Freight it requests, each with Kargo's reason
 * why it is or is not available, behind a confirm dialog. Disabled, with the
 * reason as tooltip, when the user may not promote or nothing is available.
 */
export function PromoteButton(props: { stage: StageDetail }) {
  const { stage } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  const api = useApi(kargoApiRef);
  const alertApi = useApi(alertApiRef);
  const permission = useStagePromotePermission(stage);
  const wordError = useErrorText();
  const options = stage.freightOptions ?? [];
  const firstAvailable = options.find(o => o.available && !o.current);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string | undefined>();
  const name = `${stage.project}/${stage.name}`;

  let reason: string | undefined;
  if (permission.loading) reason = t('actions.checkingPermission');
  else if (!permission.allowed) reason = t('promote.notPermitted');
  else if (!api.promote || !options.some(o => o.available)) {
    reason = t('promote.noneAvailable');
  }
  const selected = chosen ?? firstAvailable?.name;

  const confirm = async () => {
    if (!selected || !api.promote) return;
    setBusy(true);
    try {
      const result = await api.promote({
        project: stage.project,
        stage: stage.name,
        instance: stage.instance,
        freight: selected,
      });
      alertApi.post({
        message: t('promote.requested', {
          promotion: result.promotion,
          stage: name,
        }),
        severity: 'success',
        display: 'transient',
      });
    } catch (e) {
      alertApi.post({
        message: t('promote.failed', { stage: name, message: wordError(e) }),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const titleId = `kargo-promote-${stage.instance}-${stage.project}-${stage.name}`;
  return (
    <>
      {/* A disabled button gets no pointer events: the span carries the
          tooltip, and names the reason for assistive technology. */}
      <Tooltip title={reason ?? ''}>
        <span
          aria-label={reason ? `${t('promote.button')}: ${reason}` : undefined}
        >
          <Button
            size="small"
            variant="contained"
            color="primary"
            disabled={!!reason || busy}
            onClick={() => {
              setChosen(undefined);
              setOpen(true);
            }}
          >
            {t('promote.button')}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={open}
        busy={busy}
        titleId={titleId}
        title={t('promote.title', { stage: name })}
        confirmLabel={t('promote.confirm')}
        confirmDisabled={!selected}
        wide
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
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
              label={<FreightLabel option={option} />}
            />
          ))}
        </RadioGroup>
      </ConfirmDialog>
    </>
  );
}
