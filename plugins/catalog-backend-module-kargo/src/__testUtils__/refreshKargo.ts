import type { SchedulerService } from '@backstage/backend-plugin-api';

/**
 * Runs the Kargo backend's refresh of every instance now (one task per
 * instance: `kargo-snapshot-refresh:<instance>`), then its pull-request
 * listing (its own task, `kargo-pull-requests`). Throws until the tasks are
 * scheduled, so it can be retried with eventually().
 */
export async function refreshKargo(scheduler: SchedulerService): Promise<void> {
  const ids = (await scheduler.getScheduledTasks())
    .map(task => task.id)
    .filter(id => id.startsWith('kargo-snapshot-refresh:'));
  if (ids.length === 0) throw new Error('No Kargo refresh task scheduled yet');
  for (const id of ids) await scheduler.triggerTask(id);
  await scheduler.triggerTask('kargo-pull-requests');
}
