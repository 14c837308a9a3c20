import { LogViewer } from '@backstage/core-components';
import type { AnalysisRunResponse } from '@kargo-backstage/plugin-kargo-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Switch from '@material-ui/core/Switch';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { memo, useState } from 'react';
import type { AnalysisRunTarget } from './AnalysisRunDrawer';
import { useErrorText } from '../../hooks';
import { useAnalysisRunLogs } from '../../hooks/useAnalysisRunLogs';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

export type JobMetric = NonNullable<AnalysisRunResponse['jobMetrics']>[number];

const lineCount = (text: string) => text.split('\n').length - 1;

/**
 * Backstage's LogViewer remounts every row in view on each render (its row
 * renderer is declared inside its render): drawn again only when its text
 * changes, not for a paused view's count (issue 35, attack 20).
 */
const ShownLog = memo((props: { text: string }) => (
  <LogViewer text={props.text} />
));

function LogStream(props: {
  target: AnalysisRunTarget;
  metric: string;
  container?: string;
}) {
  const { target, metric, container } = props;
  const { t } = useKargoTranslation();
  const wordError = useErrorText();
  const logs = useAnalysisRunLogs({ ...target, metric, container });
  // Follow off: the view keeps what it showed; new lines wait below.
  const [frozen, setFrozen] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const shown = frozen ?? logs.text;
  // Never below 0: earlier lines may have been dropped meanwhile.
  const waiting =
    frozen === undefined
      ? 0
      : Math.max(0, lineCount(logs.text) - lineCount(frozen));

  if (logs.status === 'failed') {
    return (
      <Typography variant="body2" role="alert">
        {t('logs.failed', { message: wordError(logs.error) })}
      </Typography>
    );
  }
  const noLogs = logs.status === 'ended' && logs.text === '';
  return (
    <Box>
      <Box
        display="flex"
        alignItems="center"
        flexWrap="wrap"
        style={{ gap: 8 }}
      >
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={frozen === undefined}
              onChange={(_e, follow) =>
                setFrozen(follow ? undefined : logs.text)
              }
            />
          }
          label={t('logs.follow')}
        />
        <Button
          size="small"
          variant="outlined"
          disabled={!logs.text}
          onClick={async () => {
            await navigator.clipboard.writeText(logs.text);
            setCopied(true);
          }}
        >
          {copied ? t('logs.copied') : t('logs.copy')}
        </Button>
        <Typography variant="caption" role="status">
          {logs.status === 'connecting' && t('logs.connecting')}
          {logs.status === 'streaming' && t('logs.streaming')}
          {logs.status === 'ended' && !noLogs && t('logs.ended')}
          {waiting > 0 && ` · ${t('logs.paused', { count: waiting })}`}
          {logs.dropped && ` · ${t('logs.dropped')}`}
        </Typography>
      </Box>
      {logs.status === 'broken' && (
        <Box display="flex" alignItems="center" role="alert" style={{ gap: 8 }}>
          <Typography variant="body2" color="error">
            {t('logs.broken')}
          </Typography>
          <Button size="small" color="primary" onClick={logs.resume}>
            {t('logs.resume')}
          </Button>
        </Box>
      )}
      {noLogs ? (
        <Typography variant="body2">{t('logs.empty')}</Typography>
      ) : (
        // LogViewer renders only the lines in view (react-window).
        <Box height={320} mt={1}>
          <ShownLog text={shown} />
        </Box>
      )}
    </Box>
  );
}

/** A job metric's logs: a container picker when its Job has several, then the stream. */
export function AnalysisRunLogs(props: {
  target: AnalysisRunTarget;
  job: JobMetric;
}) {
  const { target, job } = props;
  const { t } = useKargoTranslation();
  const [container, setContainer] = useState(job.containers[0]);
  if (!job.hasJob) {
    return <Typography variant="body2">{t('logs.noJob')}</Typography>;
  }
  return (
    <Box
      component="section"
      aria-label={t('logs.region', { metric: job.metric })}
      mt={1}
    >
      {job.containers.length > 1 && (
        <TextField
          select
          id={`kargo-logs-container-${job.metric.replace(
            /[^A-Za-z0-9_-]/g,
            '-',
          )}`}
          size="small"
          label={t('logs.container')}
          value={container}
          onChange={e => setContainer(e.target.value as string)}
          SelectProps={{ native: true }}
        >
          {job.containers.map(c => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </TextField>
      )}
      <LogStream
        key={container}
        target={target}
        metric={job.metric}
        container={job.containers.length > 1 ? container : undefined}
      />
    </Box>
  );
}

/** The logs control of one metric: a toggle for job metrics, words for others. */
export function MetricLogs(props: {
  target: AnalysisRunTarget;
  /** The metric's job, when it is a job metric. */
  job: JobMetric | undefined;
}) {
  const { target, job } = props;
  const { t } = useKargoTranslation();
  const [open, setOpen] = useState(false);
  if (!job) {
    return (
      <Typography variant="caption" color="textSecondary">
        {t('logs.notJob')}
      </Typography>
    );
  }
  return (
    <Box>
      <Button size="small" variant="outlined" onClick={() => setOpen(o => !o)}>
        {open ? t('logs.hide') : t('logs.show')}
      </Button>
      {open && <AnalysisRunLogs target={target} job={job} />}
    </Box>
  );
}
