import { mockServices } from '@backstage/backend-test-utils';
import type { SchedulerServiceTaskInvocationDefinition } from '@backstage/backend-plugin-api';
import type {
  PullRequestInfo,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { StageChanges } from '../services/snapshot/stageChanges';
import {
  StreamStageTransitionSource,
  type StageTransition,
} from './stageTransitions';

const stage = (
  name: string,
  phase: string,
  pullRequests: Partial<PullRequestInfo>[] = [],
) =>
  ({
    instance: 'sandbox',
    project: 'payments',
    name,
    phase,
    pullRequests,
  } as unknown as StageDetail);

async function setup() {
  const changes = new StageChanges();
  const scheduler = mockServices.scheduler.mock();
  const delivered: StageTransition[][] = [];
  const source = new StreamStageTransitionSource(
    changes,
    scheduler,
    { minutes: 1 },
    mockServices.logger.mock(),
  );
  await source.subscribe(async list => void delivered.push(list));
  const task = scheduler.scheduleTask.mock
    .calls[0][0] as SchedulerServiceTaskInvocationDefinition;
  const emit = (name: string, detail: StageDetail | null) =>
    changes.emit([
      { instance: 'sandbox', project: 'payments', stage: name, detail },
    ]);
  const settled = () => task.fn(new AbortController().signal);
  return { delivered, emit, runScheduledLook: settled };
}

describe('StreamStageTransitionSource', () => {
  it('hands each Stage change over as the model emits it, with the Stage as it was, without a scheduled look', async () => {
    const { delivered, emit } = await setup();
    const running = stage('qa', 'Running');
    const failed = stage('qa', 'Failed');
    emit('qa', running);
    emit('qa', failed);
    emit('qa', null); // deleted: nothing to announce, and forgotten
    const again = stage('qa', 'Succeeded');
    emit('qa', again);
    await new Promise(r => setImmediate(r));
    expect(delivered).toEqual([
      [{ previous: undefined, next: running }],
      [{ previous: running, next: failed }],
      [{ previous: undefined, next: again }],
    ]);
  });

  it('the scheduled look re-checks only the pull requests Promotions wait on, never orphaned ones (issue 35, attack 8)', async () => {
    const { delivered, emit, runScheduledLook } = await setup();
    const orphaned: Partial<PullRequestInfo> = {
      state: 'open',
      orphaned: true,
      promotion: null,
      number: 6,
    };
    const waiting = stage('prod', 'Promoting', [
      orphaned,
      { state: 'open', orphaned: false, promotion: 'p-1', number: 7 },
    ]);
    emit('prod', waiting);
    emit('qa', stage('qa', 'Failed', [orphaned]));
    await runScheduledLook();
    // As it was with its orphaned PR: only the waiting Promotion can be new.
    expect(delivered.slice(2)).toEqual([
      [{ previous: { ...waiting, pullRequests: [orphaned] }, next: waiting }],
    ]);
  });
});
