/**
 * watch: a chunked stream of JSON lines `{type, object}`, replaying the store's
 * event log from `resourceVersion` and then following it live. A version the
 * log no longer reaches is answered like kube-apiserver: an ERROR event
 * carrying a 410 Expired Status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gone } from './errors';
import { selectorOf } from './list';
import { apiVersionOf } from './resources';
import { KubeObject, StoreEvent, WatchEventType } from './store';
import type { KubeApiContext, ResourcePath } from './api';

export function serveWatch(
  ctx: KubeApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: ResourcePath,
  query: URLSearchParams,
): void {
  const { rt } = path;
  const selector = selectorOf(query);
  const nameMatch = (o: KubeObject) =>
    (path.namespace === undefined || o.metadata.namespace === path.namespace) &&
    (path.name === undefined || o.metadata.name === path.name);
  const matches = (o: KubeObject | undefined) =>
    Boolean(o && nameMatch(o) && selector(o));

  res.writeHead(200, {
    'content-type': 'application/json',
    'transfer-encoding': 'chunked',
  });
  // Clients wait for the headers before they act (e.g. patch, then read).
  res.flushHeaders();
  const write = (type: WatchEventType | 'ERROR' | 'BOOKMARK', object: unknown) => {
    if (!res.writableEnded) res.write(`${JSON.stringify({ type, object })}\n`);
  };
  // Translates a store event into what a watcher with this selector sees.
  const deliver = (e: StoreEvent) => {
    if (e.rt !== rt) return;
    const now = matches(e.object);
    const before = matches(e.old);
    if (e.type === 'ADDED' && now) write('ADDED', e.object);
    else if (e.type === 'DELETED' && before) write('DELETED', e.object);
    else if (e.type === 'MODIFIED') {
      if (now && before) write('MODIFIED', e.object);
      else if (now) write('ADDED', e.object);
      else if (before) write('DELETED', e.object);
    }
  };

  const rv = query.get('resourceVersion');
  if (!rv || rv === '0') {
    const initial = ctx.store.list(rt, path.namespace).filter(o => matches(o));
    for (const o of initial) write('ADDED', o);
  } else {
    const replay = ctx.store.eventsSince(Number(rv));
    if (replay === 'expired' || !/^\d+$/.test(rv)) {
      write(
        'ERROR',
        gone(
          `too old resource version: ${rv} (${ctx.store.currentRv()})`,
        ).toStatus(),
      );
      res.end();
      return;
    }
    replay.forEach(deliver);
  }

  const unsubscribe = ctx.store.subscribe(deliver);
  ctx.watches.add(res);
  const timeout = Number(query.get('timeoutSeconds') ?? 0);
  const timer =
    timeout > 0
      ? setTimeout(() => res.end(), timeout * 1000).unref()
      : undefined;
  // Bookmarks, when asked for: the newest resourceVersion, so that a client
  // reconnecting after a quiet period resumes instead of relisting.
  const bookmarks =
    query.get('allowWatchBookmarks') === 'true'
      ? setInterval(
          () =>
            write('BOOKMARK', {
              apiVersion: apiVersionOf(rt),
              kind: rt.kind,
              metadata: { resourceVersion: ctx.store.currentRv() },
            }),
          ctx.bookmarkIntervalMs ?? 5000,
        ).unref()
      : undefined;
  const close = () => {
    unsubscribe();
    ctx.watches.delete(res);
    if (timer) clearTimeout(timer);
    if (bookmarks) clearInterval(bookmarks);
  };
  res.on('close', close);
  req.on('close', close);
}
