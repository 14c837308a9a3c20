import { Link, Table, type TableColumn } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import {
  pullRequestReference,
  type PullRequestInfo,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { ClosePullRequestButtons } from '../ClosePullRequestButton';
import { useMemo } from 'react';
import { useFormatters } from '../../hooks/useFormatters';
import { TruncatedText } from '../TruncatedText';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const TITLE = {
  display: 'inline-block',
  maxWidth: '100%',
  minWidth: 0,
} as const;

const STATE_COLOR: Record<PullRequestInfo['state'], 'primary' | 'default'> = {
  open: 'primary',
  merged: 'default',
  closed: 'default',
};

/**
 * The pull/merge requests of a Stage, orphans marked; with the Stage, the
 * orphans the portal may close get "Close" (and "Close and delete branch").
 */
export function PullRequestsTable(props: {
  pullRequests: PullRequestInfo[];
  stage?: StageDetail;
}) {
  const { stage } = props;
  const closable = !!stage && props.pullRequests.some(pr => pr.closable);
  const { t } = useKargoTranslation();
  const format = useFormatters();
  // material-table keeps row state by `id`; the URL names a PR uniquely.
  const rows = useMemo(
    () => props.pullRequests.map(pr => ({ ...pr, id: pr.url })),
    [props.pullRequests],
  );

  // Stable columns: material-table resets its state (and warns in development)
  // when columns with render functions change identity on every render.
  const columns = useMemo(
    (): TableColumn<PullRequestInfo>[] => [
      {
        title: t('pullRequests.number'),
        width: '90px',
        render: pr => (
          <Link to={pr.url} style={{ whiteSpace: 'nowrap' }}>
            {pullRequestReference(pr.provider, pr.number)}
          </Link>
        ),
      },
      {
        title: t('pullRequests.title'),
        width: '24%',
        render: pr => (
          <Box display="flex" alignItems="center" style={{ gap: 8 }}>
            {/* Cut, never wrapped (it wrapped letter by letter beside the chip). */}
            <Tooltip title={pr.title}>
              <Link to={pr.url} noWrap style={TITLE}>
                {pr.title}
              </Link>
            </Tooltip>
            {pr.orphaned && (
              <Tooltip title={t('pullRequests.orphanedTooltip')}>
                <Chip
                  size="small"
                  style={{ flexShrink: 0 }}
                  color="secondary"
                  label={t('pullRequests.orphaned')}
                  aria-label={`${t('pullRequests.orphaned')}: ${t(
                    'pullRequests.orphanedTooltip',
                  )}`}
                />
              </Tooltip>
            )}
          </Box>
        ),
      },
      {
        title: t('pullRequests.state'),
        width: '96px',
        render: pr => (
          <Chip
            size="small"
            variant="outlined"
            color={STATE_COLOR[pr.state]}
            label={pr.state}
          />
        ),
      },
      {
        title: t('pullRequests.branches'),
        width: '18%',
        render: pr => (
          <TruncatedText
            text={`${pr.sourceBranch} → ${pr.targetBranch}`}
            maxWidth="100%"
          />
        ),
      },
      // The Promotion that opened it; null for PRs no Promotion records.
      {
        title: t('pullRequests.promotion'),
        width: '18%',
        render: pr =>
          pr.promotion ? (
            <TruncatedText text={pr.promotion} maxWidth="100%" copy />
          ) : (
            '—'
          ),
      },
      {
        title: t('pullRequests.author'),
        width: '10%',
        render: pr => <TruncatedText text={pr.author ?? '—'} maxWidth="100%" />,
      },
      {
        title: t('pullRequests.age'),
        width: '110px',
        render: pr => (
          <Typography variant="body2" noWrap>
            {format.age(pr.createdAt) ?? '—'}
          </Typography>
        ),
      },
      // Only where some PR can be closed: no empty column otherwise.
      ...(stage && closable
        ? [
            {
              title: t('pullRequests.actions'),
              width: '220px',
              render: (pr: PullRequestInfo) => (
                <ClosePullRequestButtons stage={stage} pr={pr} />
              ),
            },
          ]
        : []),
    ],
    [t, format, stage, closable],
  );

  return (
    <Table<PullRequestInfo>
      title={t('stage.pullRequests')}
      columns={columns}
      data={rows}
      options={{
        paging: false,
        search: false,
        sorting: false,
        padding: 'dense',
        // Columns keep their widths at 1280 px; long text is cut with an
        // ellipsis and a tooltip instead of pushing the last column out.
        tableLayout: 'fixed',
      }}
      localization={{
        body: { emptyDataSourceMessage: t('pullRequests.none') },
      }}
    />
  );
}
