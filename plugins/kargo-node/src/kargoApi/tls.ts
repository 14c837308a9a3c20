import { Agent, type Dispatcher } from 'undici';
import type { KargoApiConfig } from '../config';

/**
 * The TLS settings of one instance's Kargo API, for its requests alone (an
 * undici Agent passed per request, never a process-wide dispatcher), or
 * undefined for Node's defaults. `caData` is a base64 PEM bundle, as for the
 * cluster (see ../cluster/kubeConfig.ts).
 */
export function createTlsDispatcher(
  api: Pick<KargoApiConfig, 'caData' | 'skipTLSVerify'>,
): Dispatcher | undefined {
  if (!api.caData && !api.skipTLSVerify) return undefined;
  return new Agent({
    connect: {
      ca: api.caData
        ? Buffer.from(api.caData, 'base64').toString('utf8')
        : undefined,
      rejectUnauthorized: !api.skipTLSVerify,
    },
  });
}
