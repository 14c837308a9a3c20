/**
 * `GET /v1beta1/projects/{project}/analysis-runs/{analysis-run}/logs`, as
 * akuity/kargo v1.11.2 pkg/server/get_analysisrun_logs_v1alpha1.go
 * getAnalysisRunLogs answers it: 501 when log streaming is not configured
 * (no `analysisRunLogs.urlTemplate`); the AnalysisRun read through the
 * caller's authorization (404 `AnalysisRun "x" in namespace "y" not found`);
 * then the job metric, the container, the Job and the Stage, whose errors are
 * connect errors the REST router does not recognize, so Kargo answers them
 * `500 internal server error` (handleError); then the log backend's body as
 * Server-Sent Events: per chunk one `data: <line>` per line of the chunk and
 * an empty line. Kargo does not look at the log backend's status: a Job that
 * is gone is a stream with no lines.
 */
import type { Answer, Call } from './handlers';
import { KargoApiError, plainError } from './errors';
import type { JobLogEntry, SandboxJobLogs } from './jobLogs';

const NOT_CONFIGURED = 'AnalysisRun log streaming is not configured';

function jobMetric(run: any, wanted: string): [string, any] {
  const jobs = new Map<string, any>();
  for (const m of run.spec?.metrics ?? []) {
    if (m?.provider?.job) {
      if (wanted && m.name === wanted) return [wanted, m.provider.job];
      jobs.set(m.name, m.provider.job);
    }
  }
  const id = `AnalysisRun "${run.metadata.name}" in namespace "${run.metadata.namespace}"`;
  if (wanted) throw plainError(`${id} has no job metric named "${wanted}"`);
  if (jobs.size === 0) throw plainError(`${id} has no job metrics`);
  if (jobs.size > 1) throw plainError(`${id} has multiple job metrics; please specify a metric name`);
  return [...jobs.entries()][0];
}

function container(run: any, metric: string, job: any, wanted: string): string {
  const names: string[] = (job.spec?.template?.spec?.containers ?? []).map((c: any) => c.name);
  const id = `AnalysisRun "${run.metadata.name}" in namespace "${run.metadata.namespace}"`;
  if (names.length === 0) throw plainError(`${id} has no containers in Jobs for metric "${metric}"`);
  if (wanted) {
    if (names.includes(wanted)) return wanted;
    throw plainError(`${id} has no container named "${wanted}" in Jobs for metric "${metric}"`);
  }
  if (new Set(names).size > 1)
    throw plainError(`${id} has multiple containers in Jobs for metric "${metric}"; please specify a container name`);
  return names[0];
}

function jobOf(run: any, metric: string): { namespace: string; name: string } {
  const result = (run.status?.metricResults ?? []).find((r: any) => r.name === metric);
  if (!result) throw plainError(`AnalysisRun "${run.metadata.name}" has no result for metric "${metric}"`);
  const first = result.measurements?.[0];
  if (!first) throw plainError(`result for metric "${metric}" has no measurements`);
  const namespace = first.metadata?.['job-namespace'];
  if (!namespace) throw plainError(`result for metric "${metric}" has no Job namespace metadata`);
  const name = first.metadata?.['job-name'];
  if (!name) throw plainError(`result for metric "${metric}" has no Job name metadata`);
  return { namespace, name };
}

/** The SSE frames of one chunk, as Kargo writes them. */
export const sseFrame = (chunk: string) =>
  `${chunk
    .split('\n')
    .map(line => `data: ${line}\n`)
    .join('')}\n`;

async function* frames(entry: JobLogEntry | undefined): AsyncGenerator<string> {
  if (!entry) return;
  for (let i = 0; i < entry.lines.length; i++) {
    if (entry.breakAfter !== undefined && i >= entry.breakAfter) throw new Error('log backend closed the connection');
    if (entry.delayMs) await new Promise(r => setTimeout(r, entry.delayMs));
    yield sseFrame(`${entry.lines[i]}\n`);
  }
}

export function analysisRunLogs(jobLogs: SandboxJobLogs | undefined) {
  return async (c: Call): Promise<Answer> => {
    if (!jobLogs) throw new KargoApiError(501, NOT_CONFIGURED);
    const { project, analysisRun: name } = c.params;
    const run = c.objects.getAnalysisRun(project, name);
    if (!run) throw new KargoApiError(404, `AnalysisRun "${name}" in namespace "${project}" not found`);
    const [metric, job] = jobMetric(run, c.query.get('metricName') ?? '');
    const containerName = container(run, metric, job, c.query.get('containerName') ?? '');
    const { namespace, name: jobName } = jobOf(run, metric);
    const stageName =
      (run.metadata.annotations as any)?.['kargo.akuity.io/stage'] ?? (run.metadata.labels as any)?.['kargo.akuity.io/stage'];
    if (!stageName) throw plainError(`AnalysisRun "${name}" in namespace "${project}" has no stage label`);
    if (!c.objects.get('stages', project, stageName))
      throw plainError(`Stage "${stageName}" in namespace "${project}" not found`);
    return { status: 200, stream: frames(jobLogs.get(namespace, jobName, containerName)) };
  };
}
