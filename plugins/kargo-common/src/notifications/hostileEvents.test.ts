import { analysisRun, freight } from '../__testUtils__/builders';
import { stageHolding } from '../__testUtils__/projectBuild';
import { toAssistantStageView } from '../assistant/stageView';
import { buildStageDetail } from '../stage/detail';
import { newStageEvents } from './events';

/**
 * Attack 8 (medium): a notification's description and MCP get-stage's
 * answer listed every failed metric of the current verification, each with
 * its message (clipped at 2,000 characters each, but not as a whole). A
 * project member writes the AnalysisRun (or its status): one run under the
 * API server's 1.5 MB made a 1.3 MB notification, stored and shown once per
 * recipient by the notifications backend, and a 2.6 MB get-stage answer
 * handed to an assistant (the text twice: its summary and the entry's
 * failures). Both now name 5 metrics ("and 645 more failed metrics") and
 * clip the text (verification/failureText.ts).
 */
describe('notification events of a hostile AnalysisRun (attack 8)', () => {
  it('describes a failed verification of 650 failed metrics of 2,000 characters in at most 2,000 characters (was 1.3 MB), and get-stage in under 15 KB (was 2.6 MB)', () => {
    const f = freight('p', 'w', 'a1', 'alias');
    const holding = stageHolding('prod', f);
    const current = holding.status!.freightHistory![0].id!;
    const metricResults = Array.from({ length: 650 }, (_, m) => ({
      name: `m${m}`,
      phase: 'Failed',
      message: 'x'.repeat(2_000),
      measurements: [],
    }));
    const run = analysisRun({
      project: 'p',
      stage: 'prod',
      n: 1,
      collection: current,
      freightNames: [f.metadata!.name!],
      phase: 'Failed',
      startedAt: '2026-01-01T00:00:00Z',
      completedAt: '2026-01-01T00:01:00Z',
      metricResults,
    });
    expect(JSON.stringify(run).length).toBeLessThan(1_500_000);
    const detail = buildStageDetail({
      instance: 'x',
      stage: holding,
      analysisRuns: [run],
      freight: [f],
    });
    const events = newStageEvents(undefined, detail, {
      now: Date.parse('2026-01-02T00:00:00Z'),
      promotionWaitMs: 3_600_000,
    });
    expect(events).toHaveLength(1);
    expect(events[0].kind).toBe('verification-failed');
    expect(events[0].description.length).toBeLessThanOrEqual(2_500);
    expect(events[0].description).toMatch(/^m0 Failed: x+…/);
    // MCP get-stage: 5 metrics named in the summary (2,000 characters at
    // most) and in the entry's failures (2,000 characters a line).
    const view = toAssistantStageView(detail);
    expect(view.summary.length).toBeLessThanOrEqual(2_500);
    expect(view.summary).toMatch(
      /^Current verification Failed because m0 Failed: x+…/,
    );
    const [entry] = view.verifications;
    expect(entry.failures).toHaveLength(6);
    expect(entry.failures![4]).toMatch(/^m4 Failed: x+…$/);
    expect(entry.failures![5]).toBe('and 645 more failed metrics');
    expect(JSON.stringify(view).length).toBeLessThan(15_000);
  });
});
