/**
 * Kubernetes `Status` error bodies, shaped as kube-apiserver writes them so
 * real clients (kubectl, @kubernetes/client-node) surface the same messages.
 */

/** The details of a `Status` failure. @public */
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: Array<{ reason: string; message: string; field?: string }>;
}

/** An error the HTTP layer turns into a Kubernetes `Status` response. @public */
export class KubeError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: StatusDetails,
  ) {
    super(message);
    this.name = 'KubeError';
  }

  toStatus(): Record<string, unknown> {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details ? { details: this.details } : {}),
      code: this.code,
    };
  }
}

/** `<plural>.<group> "<name>"` as kube-apiserver names a resource in errors. */
function qualified(plural: string, group: string): string {
  return group ? `${plural}.${group}` : plural;
}

export function notFound(plural: string, group: string, name: string) {
  return new KubeError(
    404,
    'NotFound',
    `${qualified(plural, group)} "${name}" not found`,
    { name, group, kind: plural },
  );
}

export function alreadyExists(plural: string, group: string, name: string) {
  return new KubeError(
    409,
    'AlreadyExists',
    `${qualified(plural, group)} "${name}" already exists`,
    { name, group, kind: plural },
  );
}

export function conflict(plural: string, group: string, name: string) {
  return new KubeError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualified(
      plural,
      group,
    )} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, group, kind: plural },
  );
}

export function badRequest(message: string) {
  return new KubeError(400, 'BadRequest', message);
}

export function unauthorized() {
  return new KubeError(401, 'Unauthorized', 'Unauthorized');
}

export function forbidden(
  verb: string,
  plural: string,
  group: string,
  namespace?: string,
  username = 'system:serviceaccount:sandbox:token',
) {
  const scope = namespace
    ? `in the namespace "${namespace}"`
    : 'at the cluster scope';
  return new KubeError(
    403,
    'Forbidden',
    `${plural}${
      group ? `.${group}` : ''
    } is forbidden: User "${username}" cannot ${verb} resource "${plural}" in API group "${group}" ${scope}`,
    { group, kind: plural },
  );
}

export function methodNotAllowed(message: string) {
  return new KubeError(405, 'MethodNotAllowed', message);
}

export function unsupportedMediaType(contentType: string) {
  return new KubeError(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json (got ${contentType})`,
  );
}

export function gone(message: string) {
  return new KubeError(410, 'Expired', message);
}

/** One field error of a 422 Invalid. */
export interface FieldError {
  field: string;
  /** Kubernetes cause reason, e.g. FieldValueRequired. */
  reason: string;
  /** Message as kube-apiserver prints it, e.g. `Required value`. */
  message: string;
}

export function invalid(
  kind: string,
  group: string,
  name: string,
  errors: FieldError[],
) {
  const parts = errors.map(e => `${e.field}: ${e.message}`);
  const summary = parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`;
  return new KubeError(
    422,
    'Invalid',
    `${kind}${group ? `.${group}` : ''} "${name}" is invalid: ${summary}`,
    {
      name,
      group,
      kind,
      causes: errors.map(e => ({
        reason: e.reason,
        message: e.message,
        field: e.field,
      })),
    },
  );
}
