/**
 * Counts of Kargo API requests by endpoint and answered status, for tests:
 * the writes, and the log stream (`analysisRunLogs`, counted when it ends).
 */

/** endpoint (e.g. `promote`) -> status code -> count. @public */
export type KargoApiWriteCounts = Record<string, Record<string, number>>;

/** @public */
export class KargoApiStats {
  private counts: KargoApiWriteCounts = {};

  record(endpoint: string, status: number): void {
    const e = (this.counts[endpoint] ??= {});
    e[status] = (e[status] ?? 0) + 1;
  }

  /** `{ byEndpoint, succeeded, refused }`: refused counts every 4xx/5xx answer. */
  stats(): { byEndpoint: KargoApiWriteCounts; succeeded: number; refused: number } {
    let succeeded = 0;
    let refused = 0;
    for (const byStatus of Object.values(this.counts))
      for (const [status, n] of Object.entries(byStatus))
        if (Number(status) < 400) succeeded += n;
        else refused += n;
    return { byEndpoint: JSON.parse(JSON.stringify(this.counts)), succeeded, refused };
  }

  reset(): void {
    this.counts = {};
  }
}
