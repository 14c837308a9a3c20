import { InputError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';

// Kubernetes object names (DNS-1123 subdomains): path segments stay plain.
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

/** A path or query value, which must be a Kubernetes object name. */
export function name(
  value: string,
  field: string,
  location: 'path' | 'query' = 'path',
): string {
  if (!OBJECT_NAME.test(value)) {
    throw errorWithReason(InputError, {
      code: 'invalidRequest',
      params: { field, location },
    });
  }
  return value;
}
