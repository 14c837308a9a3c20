/**
 * Counts of Kargo API requests by endpoint and answered status, for tests:
 * writes and reads apart (the log stream, `analysisRunLogs`, is a read
 * counted when it ends).
 */

/** endpoint (e.g. `promote`) -> status code -> count. @public */
export type KargoApiWriteCounts = Record<string, Record<string, number>>;

/** @public */
export class KargoApiStats {
  private counts: KargoApiWriteCounts = {};
  private readCounts: KargoApiWriteCounts = {};

  /** One answered request; `write: false` for a read (e.g. `listStages`). */
  record(endpoint: string, status: number, write = true): void {
    const table = write ? this.counts : this.readCounts;
    const e = (table[endpoint] ??= {});
    e[status] = (e[status] ?? 0) + 1;
  }

  /** Reads by endpoint and status (apart from {@link KargoApiStats.stats}, which counts writes). */
  reads(): KargoApiWriteCounts {
    return JSON.parse(JSON.stringify(this.readCounts));
  }

  /** `{ byEndpoint, succeeded, refused }`: refused counts every 4xx/5xx answer. */
  stats(): {
    byEndpoint: KargoApiWriteCounts;
    succeeded: number;
    refused: number;
  } {
    let succeeded = 0;
    let refused = 0;
    for (const byStatus of Object.values(this.counts))
      for (const [status, n] of Object.entries(byStatus))
        if (Number(status) < 400) succeeded += n;
        else refused += n;
    return {
      byEndpoint: JSON.parse(JSON.stringify(this.counts)),
      succeeded,
      refused,
    };
  }

  reset(): void {
    this.counts = {};
    this.readCounts = {};
  }
}
