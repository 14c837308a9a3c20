import { ServiceUnavailableError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';
import type { KargoService } from '../types';
import type { KargoWriteAs } from './types';

/**
 * As whom a permitted write goes (round three's contract):
 * - `writes: kubernetes`: through the Kubernetes API, recording `actor`
 *   (Kargo's webhooks then record the service account instead);
 * - Kargo's API: the identity its client resolves under `api.identity`
 *   (`user`: the person's ID token when the caller brought one, else the
 *   portal's token when configured, else AuthenticationError
 *   `kargoIdentityRequired`; `portal`: always the portal's token);
 * - neither: ServiceUnavailableError `kargoApiNotConfigured`.
 *
 * @public
 */
export function chooseWriteIdentity(
  kargo: Pick<KargoService, 'writeMode' | 'kargoApi'>,
  options: { instance: string; kargoToken?: string; actor: string },
): KargoWriteAs {
  const { instance, kargoToken, actor } = options;
  const mode = kargo.writeMode(instance);
  if (mode === 'none') {
    throw errorWithReason(ServiceUnavailableError, {
      code: 'kargoApiNotConfigured',
      params: { instance },
    });
  }
  if (mode === 'kubernetes') return { actedAs: 'kubernetes', actor };
  const identity = kargo.kargoApi(instance).resolveIdentity(kargoToken);
  return identity.type === 'user'
    ? { actedAs: 'person', identity }
    : { actedAs: 'portal', identity };
}
