import {
  analysisRun,
  collection,
  freight,
  stage,
} from '../__testUtils__/builders';
import { toAssistantStageView } from '../assistant/stageView';
import { buildStageDetail } from '../stage/detail';
import { newStageEvents } from './events';

/**
 * Attack 8 (medium): a notification's description listed every failed
 * metric of the current verification, each with its message (clipped at
 * 2,000 characters each, but not as a whole). A project member writes the
 * AnalysisRun (or its status): one run under the API server's 1.5 MB made a
 * 1.3 MB notification, stored and shown once per recipient by the
 * notifications backend. Now 5 metrics are named and the text is clipped.
 * MCP get-stage still carries it all (a demonstration, asserting the
 * current behaviour).
 */
describe('notification events of a hostile AnalysisRun (attack 8)', () => {
  it('describes a failed verification of 650 failed metrics of 2,000 characters in at most 2,000 characters (was 1.3 MB); get-stage still answers 2.6 MB', () => {
    const f = freight('p', 'w', 'a1', 'alias');
    const holding = stage({
      project: 'p',
      name: 'prod',
      warehouse: 'w',
      freightHistory: [collection('w', f, [])],
    });
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
    // The same text twice in MCP get-stage's answer (its summary line and
    // the entry's failures): 2.6 MB of a member's text to an assistant.
    const view = toAssistantStageView(detail);
    expect(view.summary.length).toBeGreaterThan(1_300_000);
    expect(JSON.stringify(view).length).toBeGreaterThan(2_600_000);
  });
});
