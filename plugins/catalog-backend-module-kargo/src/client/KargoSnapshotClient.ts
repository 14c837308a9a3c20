import type {
  AuthService,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import { ResponseError, ServiceUnavailableError } from '@backstage/errors';
import {
  KARGO_PLUGIN_ID,
  SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * Where the module reads Kargo from. Tests inject a fake; the default reads
 * the Kargo backend's snapshot, so the catalog never talks to a cluster.
 *
 * @public
 */
export interface KargoSnapshotSource {
  getSnapshot(): Promise<SnapshotResponse>;
}

/** A bounded wait: a hung backend must not hold the scheduler's lock. */
const REQUEST_TIMEOUT_MS = 20_000;

function isSnapshotResponse(body: unknown): body is SnapshotResponse {
  if (typeof body !== 'object' || body === null) {
    return false;
  }
  const { instances } = body as { instances?: unknown };
  return (
    Array.isArray(instances) &&
    instances.every(
      item =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.instance === 'string' &&
        Array.isArray(item.stages) &&
        Array.isArray(item.projects),
    )
  );
}

/**
 * Reads `GET /api/kargo/snapshot` with a service token issued for the Kargo
 * backend.
 *
 * @public
 */
export class KargoSnapshotClient implements KargoSnapshotSource {
  constructor(
    private readonly options: {
      discovery: DiscoveryService;
      auth: AuthService;
    },
  ) {}

  async getSnapshot(): Promise<SnapshotResponse> {
    const { discovery, auth } = this.options;
    const baseUrl = await discovery.getBaseUrl(KARGO_PLUGIN_ID);
    const { token } = await auth.getPluginRequestToken({
      onBehalfOf: await auth.getOwnServiceCredentials(),
      targetPluginId: KARGO_PLUGIN_ID,
    });
    const response = await fetch(`${baseUrl}/snapshot`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      // The cause carries the backend's own message ("instance x is unreachable").
      const error = await ResponseError.fromResponse(response);
      throw new ServiceUnavailableError(
        `The Kargo backend answered ${response.status} to GET ${baseUrl}/snapshot`,
        error.cause,
      );
    }
    const body: unknown = await response.json();
    if (!isSnapshotResponse(body)) {
      throw new ServiceUnavailableError(
        `The Kargo backend answered GET ${baseUrl}/snapshot with an unexpected body`,
      );
    }
    return body;
  }
}
