import type { InstanceModel, Rebuild } from './InstanceModel';
import type { InstanceState } from './types';

/**
 * Where one instance's project lists come from: periodic LISTs
 * ({@link PolledInstance}) or LIST + WATCH ({@link WatchedInstance}). Both
 * hand them to the same {@link InstanceModel}, so the Stages are derived the
 * same way in both modes.
 */
export interface InstanceSource {
  readonly model: InstanceModel;
  /** Starts reading (the watch's streams); a no-op when polling. */
  start(): void;
  stop(): Promise<void>;
  /** The first complete state (poll: a read; watch: the first sync). */
  initial(): Promise<InstanceState>;
  /** A complete read now (poll: every LIST; watch: a relist), honouring the signal. */
  refresh(signal?: AbortSignal): Promise<InstanceState>;
  /** After a write: read the project again (poll); the watch sees it anyway. */
  refreshProject(project: string): Promise<void>;
  /** Builds the pull-request parts of these Stages again (a listing changed), from the lists held. */
  rebuild(rebuild: Rebuild): Promise<void>;
}
