import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';
import type { InitiatorPolicy } from './audit';
import type { KargoCommandOptions } from './runCommand';

/**
 * What every Kargo action needs. Built once by the module, never per call.
 *
 * @public
 */
export interface KargoActionOptions
  extends InitiatorPolicy,
    KargoCommandOptions {
  kargo: KargoService;
  permissions: PermissionsService;
  /** Time between two reads while waiting; tests shorten it. Default 1 s. */
  pollIntervalMs?: number;
}

/**
 * The actor Kargo records: the user entity ref of whoever runs the template,
 * from the task or, failing that, from the credentials.
 */
export function initiatorActor(
  user: { ref?: string } | undefined,
  credentials: BackstageCredentials,
): string | undefined {
  if (user?.ref) return user.ref;
  const principal = credentials.principal as {
    type?: string;
    userEntityRef?: string;
  };
  return principal.type === 'user' ? principal.userEntityRef : undefined;
}

/** Waits, unless the task is cancelled. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('The task was cancelled'));
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('The task was cancelled'));
    };
    timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls `read` until `done` holds or the timeout passes. Returns the last
 * value and whether it finished.
 */
export async function pollUntil<T>(options: {
  read: () => Promise<T>;
  done: (value: T) => boolean;
  timeoutMs: number;
  intervalMs: number;
  signal?: AbortSignal;
}): Promise<{ value: T; finished: boolean }> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await options.read();
    if (options.done(value)) return { value, finished: true };
    if (Date.now() + options.intervalMs > deadline) {
      return { value, finished: false };
    }
    await delay(options.intervalMs, options.signal);
  }
}
