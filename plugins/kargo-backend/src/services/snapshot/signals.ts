import type { LoggerService } from '@backstage/backend-plugin-api';
import type { SignalsService } from '@backstage/plugin-signals-node';
import type { ProjectSignalChannels } from './signalChannels';
import type { StageChanges } from './stageChanges';

/**
 * Signals open pages that Stages of a project changed: one signal per
 * project and batch, on the project's opaque channel (ProjectSignalChannels).
 * signals-backend accepts WebSockets that are not signed in and delivers a
 * broadcast to every socket subscribed to its channel, so neither the
 * channel nor the message names anything: the message is a change counter
 * of that channel, and only a caller given the channel in a
 * permission-checked answer knows which project it stands for. The page then
 * fetches what its user may read.
 */
export function publishStageChanges(
  changes: StageChanges,
  signals: SignalsService,
  channels: ProjectSignalChannels,
  logger: LoggerService,
) {
  // Per channel: bounded by the number of projects.
  const counters = new Map<string, number>();
  changes.subscribe(batch => {
    const projects = new Set(
      batch.map(c => channels.channelOf(c.instance, c.project)),
    );
    for (const channel of projects) {
      const change = (counters.get(channel) ?? 0) + 1;
      counters.set(channel, change);
      signals
        .publish({
          recipients: { type: 'broadcast' },
          channel,
          message: { change },
        })
        .catch(error =>
          logger.debug(`Signalling a Kargo change failed: ${error}`),
        );
    }
  });
}
