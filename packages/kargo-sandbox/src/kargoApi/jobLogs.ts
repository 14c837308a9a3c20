/**
 * The sandbox's log backend: what Kargo's `analysisRunLogs.urlTemplate`
 * points at in a real installation (a log store or the Kubernetes pods' log
 * endpoint), keyed by the Job's namespace and name and the container. A Job
 * with no entry is a Job that is gone: the stream answers no lines, as a log
 * store answers nothing for it. Tests add logs and make a stream break after
 * some lines (`breakAfter`), as a log store that drops the connection does.
 */
import { DEMO_JOB_LOGS } from '../demo/jobLogs';

export interface JobLogEntry {
  lines: string[];
  /** Drop the connection after this many lines (a broken stream). */
  breakAfter?: number;
  /** Milliseconds between lines (a job still writing); default 0. */
  delayMs?: number;
}

/** @public */
export class SandboxJobLogs {
  readonly #logs = new Map<string, JobLogEntry>();

  constructor(seed: Record<string, JobLogEntry> = DEMO_JOB_LOGS) {
    for (const [key, entry] of Object.entries(seed)) this.#logs.set(key, entry);
  }

  static key(namespace: string, job: string, container: string) {
    return `${namespace}/${job}/${container}`;
  }

  set(namespace: string, job: string, container: string, entry: JobLogEntry) {
    this.#logs.set(SandboxJobLogs.key(namespace, job, container), entry);
  }

  delete(namespace: string, job: string, container: string) {
    this.#logs.delete(SandboxJobLogs.key(namespace, job, container));
  }

  get(namespace: string, job: string, container: string): JobLogEntry | undefined {
    return this.#logs.get(SandboxJobLogs.key(namespace, job, container));
  }
}
