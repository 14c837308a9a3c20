import { Table, type TableColumn } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import type {
  StageDetail,
  VerificationEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { useMemo, useState } from 'react';
import { isTerminalPhase } from '@kargo-backstage/plugin-kargo-common';
import { useFormatters } from '../../hooks/useFormatters';
import {
  AnalysisRunDrawer,
  type AnalysisRunTarget,
} from '../AnalysisRunDrawer';
import { StaleMarker } from '../StaleMarker';
import { TruncatedText } from '../TruncatedText';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { compactTableOptions } from '../../utils/tableOptions';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const PAGE_SIZE = 10;

const NO_WRAP = {
  display: 'block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** Every verification of a Stage, newest first, with the truth from its AnalysisRun. */
export function VerificationHistoryTable(props: {
  stage: Pick<StageDetail, 'instance' | 'project' | 'verifications'>;
}) {
  const { stage } = props;
  const { t } = useKargoTranslation();
  const format = useFormatters();
  const [target, setTarget] = useState<AnalysisRunTarget>();
  // material-table annotates its rows; give it copies, not our state, each
  // with the id it keeps a row's state by across the live re-renders (the
  // run's name; Kargo's verification id is null for runs it did not record).
  const rows = useMemo(
    () =>
      stage.verifications.map((v, index) => ({
        ...v,
        id: v.analysisRun?.name ?? v.id ?? `row-${index}`,
      })),
    [stage.verifications],
  );

  // Fixed widths (the table's layout is fixed): at 1280 px a date or a
  // Freight alias stays on one line, cut with an ellipsis and a tooltip.
  const columns: TableColumn<VerificationEntry>[] = [
    {
      title: t('verification.phase'),
      width: '170px',
      render: row => (
        <Box display="flex" alignItems="center" style={{ gap: 8 }}>
          <VerificationPhaseStatus phase={row.phase} />
          <StaleMarker entry={row} />
        </Box>
      ),
    },
    {
      title: t('verification.start'),
      width: '150px',
      render: row => (
        <TruncatedText
          text={format.dateTime(row.startTime) ?? '—'}
          maxWidth="100%"
        />
      ),
    },
    {
      title: t('verification.duration'),
      width: '100px',
      render: row => (
        <TruncatedText
          text={
            (isTerminalPhase(row.phase) &&
              format.span(row.startTime, row.finishTime)) ||
            '—'
          }
          maxWidth="100%"
        />
      ),
    },
    {
      title: t('verification.actor'),
      width: '160px',
      render: row => <TruncatedText text={row.actor ?? '—'} maxWidth="100%" />,
    },
    {
      title: t('verification.freight'),
      width: '140px',
      render: row => (
        <TruncatedText
          text={row.freight?.alias ?? row.freight?.name ?? '—'}
          maxWidth="100%"
        />
      ),
    },
    {
      title: t('verification.analysisRun'),
      render: row =>
        row.analysisRun ? (
          <Button
            size="small"
            color="primary"
            style={{ textTransform: 'none', maxWidth: '100%' }}
            title={row.analysisRun.name}
            onClick={() =>
              setTarget({
                project: stage.project,
                instance: stage.instance,
                name: row.analysisRun!.name,
              })
            }
          >
            {/* Long run names are cut, never wrapped; the title holds the whole. */}
            <span style={NO_WRAP}>{row.analysisRun.name}</span>
          </Button>
        ) : (
          <TruncatedText
            text={row.message ?? t('verification.noRun')}
            maxWidth="100%"
            color="textSecondary"
          />
        ),
    },
  ];

  return (
    <>
      <Table<VerificationEntry>
        title={t('stage.verificationHistory')}
        columns={columns}
        data={rows}
        options={compactTableOptions(rows.length, PAGE_SIZE)}
        localization={{
          body: { emptyDataSourceMessage: t('verification.none') },
        }}
      />
      {rows.some(r => r.stale) && (
        <Typography variant="caption" color="textSecondary" component="p">
          {t('verification.staleExplained')}
        </Typography>
      )}
      <AnalysisRunDrawer target={target} onClose={() => setTarget(undefined)} />
    </>
  );
}
