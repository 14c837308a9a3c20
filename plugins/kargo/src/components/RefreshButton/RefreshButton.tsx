import { useApi } from '@backstage/core-plugin-api';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import { useStageRefreshPermission } from '../../hooks';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

type Target = 'warehouses' | 'stage';

/** The Warehouses the Stage takes Freight from, by its own requestedFreight. */
function warehousesOf(stage: StageDetail): string[] {
  const names = (stage.requestedFreight ?? [])
    .map(r => r.origin)
    .filter(o => o.startsWith('Warehouse/'))
    .map(o => o.slice('Warehouse/'.length));
  return [...new Set(names)];
}

/**
 * "Refresh": the Stage's Warehouses look for new Freight now (the default),
 * or Kargo reconciles the Stage now, behind kargo.stage.refresh, the
 * person's Kargo sign-in and a confirm dialog. New Freight reaches the tab
 * through the project's signals, as every change does.
 */
export function RefreshButton(props: { stage: StageDetail }) {
  const { stage } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = useStageRefreshPermission(stage);
  const warehouses = warehousesOf(stage);
  const [target, setTarget] = useState<Target>(
    warehouses.length ? 'warehouses' : 'stage',
  );
  const name = `${stage.project}/${stage.name}`;
  const words = { stage: name, warehouses: warehouses.join(', ') };
  if (!api.refreshStage || !api.refreshWarehouses) return null;
  const request = {
    project: stage.project,
    stage: stage.name,
    instance: stage.instance,
  };
  return (
    <GuardedActionButton<{ warehouses?: string[]; actedAs?: string }>
      instance={stage.instance}
      label={t('refresh.button')}
      ariaLabel={t('refresh.label', words)}
      variant="outlined"
      permission={permission}
      deniedReason={t('refresh.notPermitted')}
      onOpen={() => setTarget(warehouses.length ? 'warehouses' : 'stage')}
      dialog={{
        titleId: `kargo-refresh-${stage.instance}-${stage.project}-${stage.name}`,
        title: t('refresh.title', words),
        confirmLabel: t('refresh.confirm'),
        body: (
          <>
            <DialogContentText>{t('refresh.body')}</DialogContentText>
            <RadioGroup
              aria-label={t('refresh.what')}
              value={target}
              onChange={(_, value) => setTarget(value as Target)}
            >
              <FormControlLabel
                value="warehouses"
                disabled={!warehouses.length}
                control={<Radio color="primary" />}
                label={
                  warehouses.length
                    ? t('refresh.warehouses', words)
                    : t('refresh.noWarehouse')
                }
              />
              <FormControlLabel
                value="stage"
                control={<Radio color="primary" />}
                label={t('refresh.stage', words)}
              />
            </RadioGroup>
          </>
        ),
      }}
      run={() =>
        target === 'warehouses'
          ? api.refreshWarehouses!(request)
          : api.refreshStage!(request)
      }
      succeeded={result =>
        result.warehouses
          ? t('refresh.warehousesRequested', {
              warehouses: result.warehouses.join(', '),
            })
          : t('refresh.stageRequested', words)
      }
      failed={message => t('refresh.failed', { ...words, message })}
    />
  );
}
