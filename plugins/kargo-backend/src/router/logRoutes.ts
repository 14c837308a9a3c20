import type { Request, Response } from 'express';
import { NotFoundError } from '@backstage/errors';
import {
  errorWithReason,
  kargoStageReadPermission,
} from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '@kargo-backstage/plugin-kargo-node';
import { z } from 'zod';
import { kargoTokenOf } from './kargoAuthorization';
import { instanceFor, projectOf } from '../services/snapshot/queries/lookup';
import { analysisRunParams, parse, resolveInstance } from './params';
import type { KargoApiRouter, RouterOptions } from './types';

/** The event our stream ends with when Kargo's stream broke before Kargo ended it. */
export const STREAM_BROKEN_EVENT =
  'event: kargo-stream-broken\ndata: the log stream from Kargo broke\n\n';

export const logsQuery = z
  .object({
    instance: z.string().optional(),
    // Argo Rollouts metric names are free text: bounded and printable only.
    metric: z
      .string()
      .regex(
        /^[\x21-\x7e]{1,253}$/,
        'must be a metric name (printable, at most 253 characters)',
      )
      .optional(),
    container: z
      .string()
      .regex(
        /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
        'must be a container name (lower-case letters, digits and "-", at most 63 characters)',
      )
      .optional(),
  })
  .strict();

/**
 * `GET /projects/:project/analysis-runs/:name/logs`: a job metric's logs,
 * streamed from Kargo's API as the person. The run's Stage comes from the
 * snapshot (the Stage whose verifications name the run, by the run's own
 * `kargo.akuity.io/stage` label), and `kargo.stage.read` on it is checked
 * before Kargo is asked; a run the snapshot does not know or a Stage the
 * caller may not read is the same 404. Bytes go to the browser as they come
 * (no buffering); the browser leaving ends the call to Kargo.
 */
export function addLogRoutes(router: KargoApiRouter, options: RouterOptions) {
  const { httpAuth, permissions, snapshots, kargo } = options;
  const instances = () => kargo.listInstances().map(i => i.name);

  const streamLogs = async (req: Request, res: Response) => {
    const { project, name } = parse(
      analysisRunParams,
      req.params,
      'path parameter',
    );
    const query = parse(logsQuery, req.query, 'query parameter');
    const instance = resolveInstance({ instance: query.instance }, instances());
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const kargoToken = kargoTokenOf(req);
    const notFound = errorWithReason(NotFoundError, {
      code: 'analysisRunNotFound',
      params: { analysisRun: name, project, instance },
    });
    const found = projectOf(
      await instanceFor(
        snapshots,
        permissions,
        credentials,
        { instance, project },
        notFound,
      ),
      project,
    );
    const stage = found?.stages.find(s =>
      s.verifications.some(v => v.analysisRun?.name === name),
    );
    if (!stage) throw notFound;
    const allowed = await filterAuthorizedStages(
      permissions,
      kargoStageReadPermission,
      [{ instance, project, name: stage.name }],
      credentials,
    );
    if (allowed.length === 0) throw notFound;

    const client = kargo.kargoApi(instance);
    const identity = client.resolveIdentity(kargoToken, {
      personPresent: credentials.principal.type === 'user',
    });
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const body = await client.streamAnalysisRunLogs(
      project,
      name,
      { metricName: query.metric, containerName: query.container },
      identity,
      abort.signal,
    );
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-cache, no-transform');
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    const flush = () => (res as unknown as { flush?: () => void }).flush?.();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
        flush();
      }
    } catch {
      if (!abort.signal.aborted) {
        res.write(STREAM_BROKEN_EVENT);
        flush();
      }
    } finally {
      res.end();
    }
  };

  // Plain express types: the typed router's handler type is too deep here.
  router.get('/projects/:project/analysis-runs/:name/logs', (req, res) =>
    streamLogs(req as unknown as Request, res as unknown as Response),
  );
}
