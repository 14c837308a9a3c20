import {
  ConflictError,
  InputError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import { ApiException } from '@kubernetes/client-node';
import { redactCredentials } from '@kargo-backstage/plugin-kargo-common';

/** What a request did, to name it in messages: "list stages in 'checkout'". */
export interface KubeOperation {
  instance: string;
  verb: 'get' | 'list' | 'watch' | 'patch' | 'create';
  resource: string;
  namespace?: string;
  name?: string;
}

function describe(op: KubeOperation): string {
  const where = op.namespace ? ` in '${op.namespace}'` : '';
  const what = op.name ? `${op.resource} '${op.name}'` : op.resource;
  return `${op.verb} ${what}${where}`;
}

// The Kubernetes Status message only: never headers (which echo nothing
// secret today, but the raw exception text includes them).
function statusMessage(body: unknown): string | undefined {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  const message = (parsed as { message?: unknown } | undefined)?.message;
  // A proxy in front of the API server may echo the request's credentials.
  return typeof message === 'string'
    ? redactCredentials(message.slice(0, 500))
    : undefined;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

// Node's TLS verification failures (OpenSSL's names): a CA problem, not a
// network one, so the message says which keys fix it.
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME/;

/** Translated errors of a 403 Forbidden answer. */
const FORBIDDEN = new WeakSet<Error>();

/** Whether the cluster answered 403 Forbidden (a translated error). */
export function isForbidden(error: unknown): boolean {
  return error instanceof Error && FORBIDDEN.has(error);
}

/**
 * Translates any failure of a Kubernetes API call into an `@backstage/errors`
 * error. The only place that does so: callers never see ApiException.
 */
export function translateKubeError(error: unknown, op: KubeOperation): Error {
  const instance = `instance '${op.instance}'`;
  if (error instanceof ApiException) {
    const code = error.code;
    const detail = statusMessage(error.body);
    const suffix = detail ? `: ${detail}` : '';
    if (code === 404) {
      return new NotFoundError(
        `Kargo ${instance}: cannot ${describe(op)}: not found`,
      );
    }
    if (code === 409) {
      return new ConflictError(
        `Kargo ${instance}: ${describe(
          op,
        )} conflicted with a concurrent change${suffix}`,
      );
    }
    if (code === 422 || code === 400) {
      return new InputError(
        `Kargo ${instance}: ${describe(op)} was rejected${suffix}`,
      );
    }
    if (code === 401) {
      return new ServiceUnavailableError(
        `Kargo ${instance}: the cluster rejected the configured credentials (401) on ${describe(
          op,
        )}; check the service account token of ${instance}`,
      );
    }
    if (code === 403) {
      const forbidden = new ServiceUnavailableError(
        `Kargo ${instance}: the service account of ${instance} may not ${describe(
          op,
        )} (403 Forbidden); grant it the Kargo ClusterRole (see docs/rbac.md)`,
      );
      FORBIDDEN.add(forbidden);
      return forbidden;
    }
    // No upstream text: a 5xx often comes from a proxy, whose page may
    // quote the request it failed to forward.
    return new ServiceUnavailableError(
      `Kargo ${instance}: the cluster answered ${code} to ${describe(op)}`,
    );
  }
  const err = error as {
    code?: string;
    name?: string;
    message?: string;
    type?: string;
    statusCode?: number;
  };
  // Already translated (a LIST inside a watch went through here).
  if (err instanceof ServiceUnavailableError || err instanceof InputError)
    return err;
  // client-node's Watch reports a non-200 answer as an Error with statusCode.
  if (typeof err?.statusCode === 'number') {
    return new ServiceUnavailableError(
      `Kargo ${instance}: the cluster answered ${err.statusCode} to ${describe(
        op,
      )}`,
    );
  }
  if (err?.name === 'AbortError' || err?.type === 'aborted') {
    return new ServiceUnavailableError(
      `Kargo ${instance}: ${describe(op)} timed out`,
    );
  }
  if (err?.code && CERTIFICATE_CODE.test(err.code)) {
    const reason = /reason: (.*)$/.exec(err.message ?? '')?.[1] ?? err.code;
    return new ServiceUnavailableError(
      `Kargo ${instance}: the cluster's TLS certificate is not trusted (${reason}) on ${describe(
        op,
      )}; set caData or caFile of ${instance} to the cluster's CA`,
    );
  }
  if (err?.code && NETWORK_CODES.has(err.code)) {
    return new ServiceUnavailableError(
      `Kargo ${instance}: cannot reach the cluster (${err.code}) to ${describe(
        op,
      )}`,
    );
  }
  if (err?.name === 'FetchError' || err?.name === 'TypeError') {
    return new ServiceUnavailableError(
      `Kargo ${instance}: request failed to ${describe(
        op,
      )}: ${redactCredentials(err.message ?? 'unknown error')}`,
    );
  }
  return new ServiceUnavailableError(
    `Kargo ${instance}: ${describe(op)} failed: ${redactCredentials(
      err?.message ?? String(error),
    )}`,
  );
}
