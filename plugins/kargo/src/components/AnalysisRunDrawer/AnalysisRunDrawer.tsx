import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useMemo } from 'react';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { AnalysisRunResponse } from '@kargo-backstage/plugin-kargo-common';
import { useAnalysisRun, useErrorText } from '../../hooks';
import { useFormatters } from '../../hooks/useFormatters';
import { SideDrawer } from '../SideDrawer';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { type JobMetric, MetricLogs } from './AnalysisRunLogs';
import { drawnMetrics } from './drawnMetrics';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** Which AnalysisRun to show. */
export interface AnalysisRunTarget {
  project: string;
  name: string;
  instance?: string;
}

function AnalysisRunBody(props: {
  run: AnalysisRunResponse;
  target: AnalysisRunTarget;
}) {
  const { run, target } = props;
  const { t } = useKargoTranslation();
  // Each metric's job, found once per run: a search of the job list per
  // metric drawn cost metrics x jobs per render (issue 35, attack 17).
  const jobOf = useMemo(() => {
    const jobs = new Map<string, JobMetric>();
    for (const job of run.jobMetrics ?? []) {
      if (!jobs.has(job.metric)) jobs.set(job.metric, job);
    }
    return jobs;
  }, [run.jobMetrics]);
  const metrics = useMemo(() => drawnMetrics(run.metrics), [run.metrics]);
  const format = useFormatters();
  return (
    <>
      <Typography variant="h6" component="h3">
        {t('drawer.summary')}
      </Typography>
      <VerificationPhaseStatus phase={run.phase} />
      <Typography variant="body2">
        {t('drawer.started')}: {format.dateTime(run.startedAt) ?? '—'}
      </Typography>
      <Typography variant="body2">
        {t('drawer.completed')}: {format.dateTime(run.completedAt) ?? '—'}
      </Typography>
      {run.message && (
        <Typography variant="body2">
          {t('drawer.message')}: {run.message}
        </Typography>
      )}
      <Box mt={2}>
        <Typography variant="h6" component="h3">
          {t('drawer.metrics')}
        </Typography>
        {run.metrics.length === 0 && (
          <Typography variant="body2">{t('drawer.noMetrics')}</Typography>
        )}
        {metrics.shown.map(metric => (
          <Box
            key={metric.name}
            mt={1}
            component="section"
            aria-label={metric.name}
          >
            <Typography variant="subtitle1" component="h4">
              {metric.name} <VerificationPhaseStatus phase={metric.phase} />
            </Typography>
            {metric.message && (
              <Typography variant="body2">{metric.message}</Typography>
            )}
            <ul>
              {metric.failedMeasurements.map((m, i) => (
                <li key={i}>
                  <Typography variant="body2" component="span">
                    {t('drawer.measurement', {
                      phase: m.phase,
                      time: format.dateTime(m.finishedAt ?? m.startedAt) ?? '—',
                    })}
                    {m.message ? `: ${m.message}` : ''}
                    {m.value
                      ? ` (${t('drawer.value', { value: m.value })})`
                      : ''}
                  </Typography>
                </li>
              ))}
            </ul>
            <MetricLogs target={target} job={jobOf.get(metric.name)} />
          </Box>
        ))}
        {metrics.hidden > 0 && (
          <Typography variant="body2">
            {t('drawer.moreMetrics', { count: metrics.hidden })}
          </Typography>
        )}
      </Box>
    </>
  );
}

function AnalysisRunDetails(props: { target: AnalysisRunTarget }) {
  const { value, loading, error } = useAnalysisRun(props.target);
  const wordError = useErrorText();
  // A signalled reload keeps the run on screen while it loads.
  if (loading && !value) return <Progress />;
  if (error)
    return <ResponseErrorPanel title={wordError(error)} error={error} />;
  return value ? <AnalysisRunBody run={value} target={props.target} /> : null;
}

/** A side panel with one AnalysisRun's summary, metrics and failed measurements. */
export function AnalysisRunDrawer(props: {
  target: AnalysisRunTarget | undefined;
  onClose: () => void;
}) {
  const { target, onClose } = props;
  const { t } = useKargoTranslation();
  const title = target ? t('drawer.title', { name: target.name }) : '';
  return (
    <SideDrawer open={!!target} title={title} width={568} onClose={onClose}>
      {target && <AnalysisRunDetails target={target} />}
    </SideDrawer>
  );
}
