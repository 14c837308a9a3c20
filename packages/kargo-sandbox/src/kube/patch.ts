/**
 * PATCH bodies: JSON merge patch (RFC 7386), JSON patch (RFC 6902, via
 * fast-json-patch) and strategic merge patch, which the sandbox treats as a
 * merge patch (CRDs do not support strategic merge on a real cluster either;
 * kubectl only sends it for built-in kinds such as namespaces).
 */
import { applyPatch, Operation, JsonPatchError } from 'fast-json-patch';
import { badRequest, unsupportedMediaType, KubeError } from './errors';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7386: objects merge recursively, null deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

export function jsonPatch(target: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) {
    throw badRequest(
      'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    );
  }
  try {
    return applyPatch(structuredClone(target), ops as Operation[], true, false)
      .newDocument;
  } catch (e) {
    if (e instanceof JsonPatchError) {
      // kube-apiserver answers a failed test op or a missing path with 422.
      throw new KubeError(
        422,
        'Invalid',
        `the server rejected our request due to an error in our request: ${
          e.message.split('\n')[0]
        }`,
      );
    }
    throw badRequest(`invalid JSON patch: ${(e as Error).message}`);
  }
}

/** Applies a PATCH body according to its Content-Type. */
export function applyPatchBody(
  contentType: string,
  target: unknown,
  body: unknown,
): unknown {
  const type = contentType.split(';')[0].trim().toLowerCase();
  switch (type) {
    case 'application/merge-patch+json':
    case 'application/strategic-merge-patch+json':
      if (!isObject(body))
        throw badRequest('a merge patch must be a JSON object');
      return mergePatch(target, body);
    case 'application/json-patch+json':
      return jsonPatch(target, body);
    default:
      throw unsupportedMediaType(type || '(none)');
  }
}
