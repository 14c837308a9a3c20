import { stringifyEntityRef, type Entity } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useCallback, useEffect, useRef, useState } from 'react';
import useInterval from 'react-use/esm/useInterval';
import { kargoApiRef } from '../api';
import { keepUnchangedStages } from './keepUnchangedStages';
import {
  createWatch,
  isSettled,
  needsPolling,
  type StageWatch,
} from './polling';
import { useProjectSignals } from './useProjectSignals';

/** Default refresh interval while something is in flight. */
export const POLL_INTERVAL_MS = 5000;

/** The last answer for an entity, the error of the last attempt if it failed. */
interface Answer {
  entityRef: string;
  value?: EntityStagesResponse;
  error?: Error;
}

/** The entity whose Stages are loaded; one load at a time. */
interface Loader {
  entityRef: string;
  running: boolean;
  /** A refresh was asked for while loading: load once more after it. */
  again: boolean;
}

/**
 * The Stages an entity names. Refreshed when the backend signals a change
 * of one of their projects; without the signals plugin, every few seconds
 * while a verification is Pending/Running or an action waits for its run.
 * A refresh keeps the objects of the Stages that did not change (so only
 * the changed ones render again) and the last good answer when it fails; a
 * refresh asked for during a load runs after it (never dropped).
 */
export function useEntityStages(
  entity: Entity,
  options: { pollIntervalMs?: number } = {},
) {
  const api = useApi(kargoApiRef);
  const entityRef = stringifyEntityRef(entity);
  const [answer, setAnswer] = useState<Answer>({ entityRef });
  const loader = useRef<Loader>();

  const retry = useCallback(() => {
    const current = loader.current;
    if (!current) return;
    if (current.running) {
      current.again = true;
      return;
    }
    current.running = true;
    const ours = () => loader.current === current;
    api
      .getEntityStages(current.entityRef)
      .then(
        value =>
          ours() &&
          setAnswer(a => {
            const previous =
              a.entityRef === current.entityRef ? a.value : undefined;
            const merged = keepUnchangedStages(previous, value);
            return merged === a.value && !a.error
              ? a
              : { entityRef: current.entityRef, value: merged };
          }),
        error =>
          ours() &&
          setAnswer(a => ({
            entityRef: current.entityRef,
            value: a.entityRef === current.entityRef ? a.value : undefined,
            error,
          })),
      )
      .finally(() => {
        current.running = false;
        if (current.again && ours()) {
          current.again = false;
          retry();
        }
      });
  }, [api]);

  useEffect(() => {
    loader.current = { entityRef, running: false, again: false };
    retry();
    return () => {
      loader.current = undefined;
    };
  }, [entityRef, retry]);

  const current = answer.entityRef === entityRef ? answer : undefined;
  const value = current?.value;
  const error = current?.error;
  const loading = !value && !error;

  const [watches, setWatches] = useState<StageWatch[]>([]);
  useEffect(() => {
    if (!value) return;
    setWatches(open => {
      const still = open.filter(w => !isSettled(w, value.items, Date.now()));
      return still.length === open.length ? open : still;
    });
  }, [value]);

  const live = useProjectSignals(value?.signalChannels ?? [], retry);
  const polling = !live && needsPolling(value, watches);
  useInterval(
    retry,
    polling ? options.pollIntervalMs ?? POLL_INTERVAL_MS : null,
  );

  /** Call after a reverify/abort was accepted: refresh until its run ends. */
  const watchStage = useCallback(
    (stage: StageDetail, action: StageWatch['action']) => {
      const watch = createWatch(stage, action, Date.now());
      setWatches(open => [...open.filter(w => w.key !== watch.key), watch]);
      retry();
    },
    [retry],
  );

  return { value, loading, error, retry, polling, live, watchStage };
}
