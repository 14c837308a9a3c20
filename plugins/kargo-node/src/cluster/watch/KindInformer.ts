import {
  KubeConfig,
  ListWatch,
  Watch,
  type KubernetesListObject,
  type KubernetesObject,
} from '@kubernetes/client-node';
import type { KubeObject } from '@kargo-backstage/plugin-kargo-common';
import { backoffDelay, type Backoff } from './backoff';

/** One LIST of a kind: every page, and the resourceVersion to watch from. */
export interface ListedKind {
  items: KubeObject[];
  resourceVersion: string;
}

interface KindInformerOptions {
  kubeConfig: KubeConfig;
  /** Cluster-wide path of the kind, e.g. /apis/kargo.akuity.io/v1alpha1/stages. */
  path: string;
  list(): Promise<ListedKind>;
  /** Applied to every object the watch delivers (as `list` does to its items). */
  select?: (object: KubeObject) => KubeObject;
  timeoutSeconds: number;
  backoff: Backoff;
  /** Every object of the kind, after each complete LIST. */
  onListed(items: KubeObject[]): void;
  onUpsert(object: KubeObject): void;
  onDelete(object: KubeObject): void;
  /** null once listed or watching again; the error while neither works. */
  onHealth(error: Error | null): void;
}

/**
 * The reason every stopped stream is aborted with, made once. client-node's
 * Watch (1.4) makes an `AbortSignal.any()` for each stream, which Node keeps
 * for the life of the process once it is aborted, and with it its reason: a
 * fresh DOMException, whose stack keeps the functions and receivers of the
 * frames that aborted it (this informer's ListWatch and every object it
 * holds). So a stopped or relisted stream kept a whole copy of the fleet.
 * A stream that ends by itself is still aborted with such a DOMException:
 * its callbacks are dropped (the stream calls nothing of ours any more).
 */
const STOPPED = new Error('Kargo watch stream stopped');

/**
 * @kubernetes/client-node's Watch with what its ListWatch does not ask for:
 * bookmarks (so a reconnect resumes from a recent resourceVersion instead of
 * relisting) and a server-side timeout (so a stream a proxy silently dropped
 * is replaced), plus a hook for "the stream is established".
 */
class KargoWatch extends Watch {
  constructor(
    kubeConfig: KubeConfig,
    private readonly timeoutSeconds: number,
    private readonly select: (object: KubeObject) => KubeObject,
    private readonly onEstablished: () => void,
  ) {
    super(kubeConfig);
  }

  override async watch(
    path: string,
    queryParams: Record<string, string | number | boolean | undefined>,
    callback: (phase: string, apiObj: any, watchObj?: any) => void,
    done: (err: any) => void,
  ): Promise<AbortController> {
    // What the stream calls, dropped once it ended or was stopped: see STOPPED.
    let target:
      | {
          callback: typeof callback;
          done: typeof done;
          select: KargoWatch['select'];
        }
      | undefined = { callback, done, select: this.select };
    const controller = await super.watch(
      path,
      {
        ...queryParams,
        allowWatchBookmarks: true,
        timeoutSeconds: this.timeoutSeconds,
      },
      (phase, object, raw) => {
        const t = target;
        t?.callback(
          phase,
          phase === 'BOOKMARK' || phase === 'ERROR' ? object : t.select(object),
          raw,
        );
      },
      err => {
        const t = target;
        target = undefined;
        t?.done(err);
      },
    );
    if (target) this.onEstablished();
    const stop = () => {
      target = undefined;
      controller.abort(STOPPED);
    };
    return { signal: controller.signal, abort: stop } as AbortController;
  }
}

function isAbort(error: unknown): boolean {
  const e = error as { name?: string; type?: string } | undefined;
  return e?.name === 'AbortError' || e?.type === 'aborted';
}

/**
 * LIST + WATCH of one kind through client-node's ListWatch, which resumes
 * from the last resourceVersion (bookmarks included) when a stream ends and
 * relists on 410 Gone. What it leaves to its user is done here: reconnecting
 * with backoff and jitter after an error, and a full relist on demand.
 */
export class KindInformer {
  private informer?: ListWatch<KubernetesObject>;
  /** Callbacks of a replaced (or stopped) informer are ignored. */
  private generation = 0;
  private attempt = 0;
  private retry?: NodeJS.Timeout;
  private stopped = true;
  private listed?: { resolve: () => void };

  constructor(private readonly options: KindInformerOptions) {}

  /** Lists and watches; resolves once watching (or after a first failure). */
  start(): Promise<void> {
    this.stopped = false;
    return this.relist();
  }

  /** A fresh LIST, then a watch from its resourceVersion; resolves once watching. */
  relist(): Promise<void> {
    const generation = ++this.generation;
    clearTimeout(this.retry);
    this.informer?.stop().catch(() => undefined);
    const { options } = this;
    const current = () => generation === this.generation && !this.stopped;
    const watch = new KargoWatch(
      options.kubeConfig,
      options.timeoutSeconds,
      options.select ?? (o => o),
      () => {
        if (!current()) return;
        this.healthy();
        this.listed?.resolve();
      },
    );
    const listFn = async (): Promise<
      KubernetesListObject<KubernetesObject>
    > => {
      const listed = await options.list();
      if (current()) {
        options.onListed(listed.items);
        this.healthy();
      }
      // client-node's object type differs only in how it types dates.
      const items = listed.items as unknown as KubernetesObject[];
      return { items, metadata: { resourceVersion: listed.resourceVersion } };
    };
    const informer = new ListWatch(options.path, watch, listFn, false);
    const object = (o: KubernetesObject) => o as unknown as KubeObject;
    informer.on('add', o => current() && options.onUpsert(object(o)));
    informer.on('update', o => current() && options.onUpsert(object(o)));
    informer.on('delete', o => current() && options.onDelete(object(o)));
    informer.on('error', error => {
      if (!current() || isAbort(error)) return;
      options.onHealth(
        error instanceof Error ? error : new Error(String(error)),
      );
      // The first LIST failed: start() answers now (the caller sees the health).
      this.listed?.resolve();
      this.scheduleReconnect(informer);
    });
    this.informer = informer;
    const done = new Promise<void>(resolve => {
      this.listed = { resolve };
    });
    informer
      .start()
      .catch(error => informer.stop().then(() => options.onHealth(error)));
    return done;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    clearTimeout(this.retry);
    this.listed?.resolve();
    await this.informer?.stop();
  }

  private healthy() {
    this.attempt = 0;
    this.options.onHealth(null);
  }

  // ListWatch gives up after an error: start it again later. It keeps its
  // resourceVersion, so it resumes the watch (or relists if that is gone).
  private scheduleReconnect(informer: ListWatch<KubernetesObject>) {
    clearTimeout(this.retry);
    const delay = backoffDelay(this.attempt++, this.options.backoff);
    this.retry = setTimeout(() => {
      if (this.informer === informer && !this.stopped)
        informer.start().catch(() => undefined);
    }, delay);
    this.retry.unref?.();
  }
}
