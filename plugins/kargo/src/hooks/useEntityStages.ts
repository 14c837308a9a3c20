import { stringifyEntityRef, type Entity } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useCallback, useEffect, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import useInterval from 'react-use/esm/useInterval';
import { kargoApiRef } from '../api';
import {
  createWatch,
  isSettled,
  needsPolling,
  type StageWatch,
} from './polling';
import { useProjectSignals } from './useProjectSignals';

/** Default refresh interval while something is in flight. */
export const POLL_INTERVAL_MS = 5000;

/**
 * The Stages an entity names. Refreshed when the backend signals a change
 * of one of their projects; without the signals plugin, every few seconds
 * while a verification is Pending/Running or an action waits for its run.
 */
export function useEntityStages(
  entity: Entity,
  options: { pollIntervalMs?: number } = {},
) {
  const api = useApi(kargoApiRef);
  const entityRef = stringifyEntityRef(entity);
  const state = useAsyncRetry(
    () => api.getEntityStages(entityRef),
    [api, entityRef],
  );
  const [watches, setWatches] = useState<StageWatch[]>([]);
  // useAsyncRetry drops `value` when a refresh fails; keep the last good
  // answer (per entity) so one failed poll does not blank the page.
  const [lastGood, setLastGood] = useState<{
    entityRef: string;
    value: EntityStagesResponse;
  }>();
  useEffect(() => {
    if (state.value) setLastGood({ entityRef, value: state.value });
  }, [state.value, entityRef]);
  const value =
    state.value ??
    (lastGood?.entityRef === entityRef ? lastGood.value : undefined);
  const { retry } = state;

  useEffect(() => {
    if (!value) return;
    setWatches(current => {
      const open = current.filter(w => !isSettled(w, value.items, Date.now()));
      return open.length === current.length ? current : open;
    });
  }, [value]);

  const live = useProjectSignals(value?.items ?? [], retry);
  const polling = !live && needsPolling(value, watches);
  useInterval(
    retry,
    polling ? options.pollIntervalMs ?? POLL_INTERVAL_MS : null,
  );

  /** Call after a reverify/abort was accepted: refresh until its run ends. */
  const watchStage = useCallback(
    (stage: StageDetail, action: StageWatch['action']) => {
      const watch = createWatch(stage, action, Date.now());
      setWatches(current => [
        ...current.filter(w => w.key !== watch.key),
        watch,
      ]);
      retry();
    },
    [retry],
  );

  return { ...state, value, polling, live, watchStage };
}
