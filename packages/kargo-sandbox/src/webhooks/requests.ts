/**
 * The actor rules Kargo's admission webhooks apply to reverify / abort
 * requests (akuity/kargo v1.11.2 pkg/webhook/kubernetes/stage/webhook.go and
 * promotion/webhook.go `setAbortAnnotationActor`): when a request annotation
 * is new or changed, `controlPlane` records whether the writer matches the
 * control-plane regex, and a writer that does not gets
 * `actor: kubernetes:<username>` (pkg/api/event.go
 * FormatEventKubernetesUserActor). The JSON is encoded as Go encodes
 * api/v1alpha1/request.go (fields in order, empty ones omitted).
 */
import { parseVerificationRequest } from '../controller/naming';

interface Request {
  id?: string;
  action?: string;
  actor?: string;
  controlPlane?: boolean;
}

export const kubernetesActor = (username: string) => `kubernetes:${username}`;

function parseAbortPromotion(value: string | undefined): Request | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      if (typeof parsed.action !== 'string' || !parsed.action) return undefined;
      return {
        action: parsed.action,
        actor: typeof parsed.actor === 'string' ? parsed.actor : undefined,
        controlPlane: parsed.controlPlane === true,
      };
    }
  } catch {
    // Not JSON: the value is the action itself.
  }
  return { action: value };
}

const same = (a: Request, b: Request | undefined) =>
  Boolean(
    b &&
      (a.id ?? '') === (b.id ?? '') &&
      (a.action ?? '') === (b.action ?? '') &&
      (a.actor ?? '') === (b.actor ?? '') &&
      Boolean(a.controlPlane) === Boolean(b.controlPlane),
  );

function encode(r: Request): string {
  const out: Record<string, unknown> = {};
  if (r.action) out.action = r.action;
  if (r.id) out.id = r.id;
  if (r.actor) out.actor = r.actor;
  if (r.controlPlane) out.controlPlane = true;
  return JSON.stringify(out);
}

/**
 * Sets the actor of the request annotation `key` in `annotations` when it
 * is new or changed against `oldAnnotations`.
 */
export function stampRequestActor(
  kind: 'verification' | 'abortPromotion',
  key: string,
  annotations: Record<string, string>,
  oldAnnotations: Record<string, string> | undefined,
  username: string,
  controlPlane: boolean,
): void {
  const parse =
    kind === 'verification' ? parseVerificationRequest : parseAbortPromotion;
  const req = parse(annotations[key]) as Request | undefined;
  if (!req) return;
  const old = oldAnnotations
    ? (parse(oldAnnotations[key]) as Request | undefined)
    : undefined;
  if (oldAnnotations && same(req, old)) return;
  req.controlPlane = controlPlane;
  if (!controlPlane) req.actor = kubernetesActor(username);
  annotations[key] = encode(req);
}
