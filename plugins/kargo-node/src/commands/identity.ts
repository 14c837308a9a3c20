import { ServiceUnavailableError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';
import type { KargoService } from '../types';
import type { KargoWriteAs } from './types';

/**
 * As whom a permitted write goes (round three's contract):
 * - `writes: kubernetes`: through the Kubernetes API, recording `actor`
 *   (Kargo's webhooks then record the service account instead);
 * - Kargo's API: the identity its client resolves under `api.identity`
 *   (`user`: a person's own ID token, a person without one is refused with
 *   AuthenticationError `kargoIdentityRequired` (sign in); with no person
 *   present, the portal's token when configured; `portal`: always the
 *   portal's token);
 * - neither: ServiceUnavailableError `kargoApiNotConfigured`.
 *
 * @public
 */
export function chooseWriteIdentity(
  kargo: Pick<KargoService, 'writeMode' | 'kargoApi'>,
  options: {
    instance: string;
    kargoToken?: string;
    actor: string;
    /** A signed-in person asks (not a service): never the portal's rights under `identity: user`. */
    personPresent: boolean;
  },
): KargoWriteAs {
  const { instance, kargoToken, actor, personPresent } = options;
  const mode = kargo.writeMode(instance);
  if (mode === 'none') {
    throw errorWithReason(ServiceUnavailableError, {
      code: 'kargoApiNotConfigured',
      params: { instance },
    });
  }
  if (mode === 'kubernetes') return { actedAs: 'kubernetes', actor };
  const identity = kargo
    .kargoApi(instance)
    .resolveIdentity(kargoToken, { personPresent });
  return identity.type === 'user'
    ? { actedAs: 'person', identity }
    : { actedAs: 'portal', identity };
}
