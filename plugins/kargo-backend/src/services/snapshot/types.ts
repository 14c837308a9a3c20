import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';

/** What the backend last gathered from one Kargo project. */
export interface ProjectState {
  project: string;
  stages: StageDetail[];
  /** When this project was last read completely; null if never. */
  lastUpdated: string | null;
  /** Error of the last attempt; the stages are then the previous ones. */
  error: string | null;
}

/** What the backend last gathered from one Kargo instance. Plain JSON (cached). */
export interface InstanceState {
  instance: string;
  kargoUrl: string | null;
  /** When the project list was last read; null if never (no data at all). */
  lastUpdated: string | null;
  /** When the last attempt finished, successful or not. */
  attemptedAt: string;
  /** True when the last attempt failed and the data is older. */
  stale: boolean;
  error: string | null;
  projects: Record<string, ProjectState>;
}

/** The stale flag and timestamp a Stage of this project is served with. */
export function freshnessOf(state: InstanceState, project?: ProjectState) {
  return {
    lastUpdated: project?.lastUpdated ?? state.lastUpdated,
    stale: state.stale || !!project?.error,
  };
}
