import { useEffect, useState } from 'react';
import {
  useEntityList,
  type DefaultEntityFilters,
} from '@backstage/plugin-catalog-react';
import Box from '@material-ui/core/Box';
import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import {
  isKargoSelectionActive,
  kargoSelectionFromQuery,
  type KargoCatalogSelection,
  VERIFICATION_PHASES,
} from '@kargo-backstage/plugin-kargo-common';
import { KargoEntityFilter } from './KargoEntityFilter';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** Worst first, as the catalog's rollup ranks them; `None`: no verification. */
const PHASES = [...VERIFICATION_PHASES, 'None'];

/** The catalog filters with ours. @public */
export type KargoEntityFilters = DefaultEntityFilters & {
  kargo?: KargoEntityFilter;
};

type Flag = 'stale' | 'openPullRequests' | 'orphanedPullRequests';
const FLAGS: Flag[] = ['stale', 'openPullRequests', 'orphanedPullRequests'];

/**
 * A catalog index page filter on the Kargo catalog annotations: current
 * verification phase, stale history, open and orphaned pull requests. Works
 * for kargo-stage Resources and for entities rolling up their Stages. Put it
 * among the `filters` of the legacy `CatalogIndexPage`; the new frontend
 * system gets it as the `catalog-filter:kargo` extension.
 *
 * @public
 */
export function KargoCatalogFilter() {
  const { t } = useKargoTranslation();
  const { updateFilters, queryParameters } =
    useEntityList<KargoEntityFilters>();
  const [selection, setSelection] = useState<KargoCatalogSelection>(() =>
    kargoSelectionFromQuery(queryParameters.kargo),
  );

  useEffect(() => {
    updateFilters({
      kargo: isKargoSelectionActive(selection)
        ? new KargoEntityFilter(selection)
        : undefined,
    });
  }, [selection, updateFilters]);

  return (
    <Box pb={1} pt={1}>
      <Typography variant="button" component="label" id="kargo-catalog-filter">
        {t('catalogFilter.title')}
      </Typography>
      <Box role="group" aria-labelledby="kargo-catalog-filter">
        <TextField
          id="kargo-catalog-filter-phase"
          select
          fullWidth
          variant="outlined"
          size="small"
          margin="dense"
          label={t('catalogFilter.phase')}
          value={selection.phase ?? ''}
          SelectProps={{ displayEmpty: true }}
          InputLabelProps={{ shrink: true }}
          onChange={event =>
            setSelection(s => ({
              ...s,
              phase: (event.target.value as string) || undefined,
            }))
          }
        >
          <MenuItem value="">{t('catalogFilter.anyPhase')}</MenuItem>
          {PHASES.map(phase => (
            <MenuItem key={phase} value={phase}>
              {phase}
            </MenuItem>
          ))}
        </TextField>
        {FLAGS.map(flag => (
          <FormControlLabel
            key={flag}
            control={
              <Checkbox
                size="small"
                checked={!!selection[flag]}
                onChange={(_, checked) =>
                  setSelection(s => ({ ...s, [flag]: checked || undefined }))
                }
              />
            }
            label={t(`catalogFilter.${flag}`)}
          />
        ))}
      </Box>
    </Box>
  );
}
