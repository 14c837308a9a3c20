import type { KargoApiConfig } from '../../config';
import { KargoApiHttpClient } from '../KargoApiHttpClient';

export const API_URL = 'https://kargo.example.com/api';
export const PORTAL_TOKEN = 'portal-token-6b1f0c2e9a';
export const ID_TOKEN =
  'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFsaWNlQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJl';

export function apiClient(
  api: Partial<KargoApiConfig> = {},
  options: Partial<ConstructorParameters<typeof KargoApiHttpClient>[0]> = {},
) {
  return new KargoApiHttpClient({
    instance: 'prod-cluster',
    api: {
      url: API_URL,
      identity: 'user',
      authProvider: 'oidc',
      token: PORTAL_TOKEN,
      skipTLSVerify: false,
      authorizeReads: false,
      ...api,
    },
    ...options,
  });
}

/** A Promotion as Kargo's API answers a promote (201). */
export function createdPromotion(stage: string, freight: string) {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Promotion',
    metadata: {
      name: `${stage}.01jbx2v1m3k.${freight.slice(0, 7)}`,
      namespace: 'checkout',
      annotations: {
        'kargo.akuity.io/create-actor': 'email:alice@example.com',
      },
    },
    spec: { stage, freight, steps: [{ uses: 'argocd-update' }] },
  };
}
