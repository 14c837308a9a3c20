import { Link, Table, type TableColumn } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import IconButton from '@material-ui/core/IconButton';
import ListIcon from '@material-ui/icons/FormatListBulleted';
import Typography from '@material-ui/core/Typography';
import {
  isActivePhase,
  providerOfPullRequestUrl,
  pullRequestReference,
  type PromotionTimelineEntry,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useMemo, useState } from 'react';
import { useFormatters } from '../../hooks/useFormatters';
import { compactTableOptions } from '../../utils/tableOptions';
import { AbortPromotionButton } from '../AbortPromotionButton';
import { PromotionLinks, PromotionStepsDrawer } from '../PromotionSteps';
import { RetryPromotionButton } from '../RetryPromotionButton';
import { TruncatedText } from '../TruncatedText';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const PROMOTIONS_PAGE_SIZE = 5;

/** `wait-for-pr: no PR number found…`, or the Promotion's message. */
function stepText(
  row: PromotionTimelineEntry,
  running: (step: string) => string,
) {
  if (row.failedStep) {
    const message = row.failedStep.message ?? row.message;
    return message
      ? `${row.failedStep.alias}: ${message}`
      : row.failedStep.alias;
  }
  if (row.currentStep) return running(row.currentStep.alias);
  return row.phase === 'Succeeded' ? '' : row.message ?? '';
}

/**
 * A Stage's Promotions, newest first: which Freight, who, when, how it
 * ended, the step that failed and why, the PR it opened and the
 * verification that followed it. Cells never wrap: the table keeps its
 * columns within the page and truncates long text.
 */
export function PromotionTimeline(props: {
  stage: Pick<StageDetail, 'promotions' | 'instance' | 'project' | 'name'>;
}) {
  const { stage } = props;
  const { t } = useKargoTranslation();
  const format = useFormatters();
  // By name: the drawer shows the live entry as the Promotion moves on.
  const [opened, setOpened] = useState<string>();
  // material-table annotates its rows; give it copies, each with the id it
  // keeps a row's state by across the live re-renders (a Promotion's name).
  const rows = useMemo(
    () => (props.stage.promotions ?? []).map(p => ({ ...p, id: p.name })),
    [props.stage.promotions],
  );
  const columns: TableColumn<PromotionTimelineEntry>[] = [
    {
      title: t('promotions.phase'),
      width: '150px',
      render: row => (
        <Box display="flex" alignItems="center" style={{ gap: 4 }}>
          <VerificationPhaseStatus phase={row.phase} />
          <IconButton
            size="small"
            aria-label={t('steps.show', { name: row.name })}
            title={t('steps.show', { name: row.name })}
            onClick={() => setOpened(row.name)}
          >
            <ListIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
    {
      title: t('promotions.freight'),
      width: '13%',
      render: row => (
        <TruncatedText
          text={row.freight?.alias ?? row.freight?.name ?? '—'}
          maxWidth="100%"
        />
      ),
    },
    {
      title: t('promotions.actor'),
      width: '13%',
      render: row => <TruncatedText text={row.actor ?? '—'} maxWidth="100%" />,
    },
    {
      title: t('promotions.started'),
      width: '150px',
      render: row => (
        <Typography variant="body2" noWrap>
          {format.dateTime(row.startedAt ?? row.createdAt) ?? '—'}
        </Typography>
      ),
    },
    {
      title: t('promotions.step'),
      width: '23%',
      render: row => {
        const text = stepText(row, step => t('promotions.atStep', { step }));
        const abort = isActivePhase(row.phase) ? (
          // Beside the step it would stop; the text gives way first.
          <Box flexShrink={0}>
            <AbortPromotionButton stage={stage} promotion={row} />
          </Box>
        ) : (
          // Beside the step that failed: the same Freight again.
          <Box flexShrink={0}>
            <RetryPromotionButton stage={stage} promotion={row} />
          </Box>
        );
        return (
          <Box
            display="flex"
            alignItems="center"
            style={{ gap: 8, minWidth: 0 }}
          >
            {text ? (
              <TruncatedText
                text={text}
                maxWidth="100%"
                copy={!!row.failedStep}
                color={row.failedStep ? 'error' : undefined}
              />
            ) : (
              '—'
            )}
            <PromotionLinks
              promotion={row}
              onMore={() => setOpened(row.name)}
            />
            {abort}
          </Box>
        );
      },
    },
    {
      title: t('promotions.pullRequest'),
      width: '72px',
      render: row =>
        row.pullRequest ? (
          <Link
            to={row.pullRequest.url}
            style={{
              display: 'block',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {row.pullRequest.number !== null
              ? pullRequestReference(
                  providerOfPullRequestUrl(row.pullRequest.url) ?? '',
                  row.pullRequest.number,
                )
              : row.pullRequest.url}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('promotions.verification'),
      width: '130px',
      render: row =>
        row.verification ? (
          <VerificationPhaseStatus phase={row.verification.phase} />
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <Table<PromotionTimelineEntry>
        title={t('promotions.title')}
        columns={columns}
        data={rows}
        options={compactTableOptions(rows.length, PROMOTIONS_PAGE_SIZE)}
        localization={{
          body: { emptyDataSourceMessage: t('promotions.none') },
        }}
      />
      <PromotionStepsDrawer
        promotion={rows.find(row => row.name === opened)}
        onClose={() => setOpened(undefined)}
      />
    </>
  );
}
