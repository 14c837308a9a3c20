import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { InstanceState, ProjectState } from '../services/snapshot/types';
import { served, type FoundProject } from '../services/snapshot/queries/lookup';
import { servedJson } from './servedJson';

const T1 = '2026-12-01T10:00:00.000Z';

function stageWithCountedReads() {
  let reads = 0;
  const stage = {
    instance: 'sandbox',
    project: 'checkout',
    name: 'prod',
    verificationPhase: 'Failed',
    error: null,
    lastUpdated: null,
    stale: false,
    pullRequests: [],
  } as unknown as StageDetail;
  Object.defineProperty(stage, 'verifications', {
    enumerable: true,
    get: () => {
      reads += 1;
      return [{ id: 'v1', phase: 'Failed', metrics: [{ name: 'error-rate' }] }];
    },
  });
  return { stage, reads: () => reads };
}

function found(stage: StageDetail, error: string | null): FoundProject {
  const project: ProjectState = {
    project: 'checkout',
    stages: [stage],
    lastUpdated: T1,
    error,
  };
  const state: InstanceState = {
    instance: 'sandbox',
    kargoUrl: null,
    lastUpdated: T1,
    attemptedAt: T1,
    stale: false,
    error: null,
    projects: { checkout: project },
  };
  return { state, project };
}

describe('servedJson', () => {
  it('answers what served() gives, with the project freshness of this request', () => {
    const { stage } = stageWithCountedReads();
    for (const error of [null, 'cluster unreachable']) {
      const f = found(stage, error);
      expect(JSON.parse(servedJson(f, stage))).toEqual(
        JSON.parse(JSON.stringify(served(f, stage))),
      );
    }
    expect(
      JSON.parse(servedJson(found(stage, 'cluster unreachable'), stage)),
    ).toMatchObject({
      stale: true,
      error: 'cluster unreachable',
      lastUpdated: T1,
    });
  });

  it("serialises a snapshot Stage's verifications once, however often it is served", () => {
    const { stage, reads } = stageWithCountedReads();
    for (let i = 0; i < 5; i++)
      servedJson(found(stage, i % 2 ? 'down' : null), stage);
    expect(reads()).toBe(1);
  });

  it('keeps at most 64 Mi characters of serialisations, however large the Stages served (issue 35, attack 7)', () => {
    // Stages of 4 MB each (a project member's, each within its parts' budgets).
    const big = 'x'.repeat(4_000_000);
    const stages = Array.from({ length: 40 }, () => {
      const counted = stageWithCountedReads();
      Object.assign(counted.stage, { big });
      return counted;
    });
    for (const { stage } of stages) servedJson(found(stage, null), stage);
    // Before: all 40 kept (160 MB), the first served again from the cache.
    servedJson(found(stages[0].stage, null), stages[0].stage);
    expect(stages[0].reads()).toBe(2);
    // The newest are kept.
    servedJson(found(stages[39].stage, null), stages[39].stage);
    expect(stages[39].reads()).toBe(1);
  });
});
