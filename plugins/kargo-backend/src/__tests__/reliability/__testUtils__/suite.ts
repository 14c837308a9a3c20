import type { Entity } from '@backstage/catalog-model';
import type { JsonObject } from '@backstage/types';
import type { KubeObject, Sandbox } from '@kargo-backstage/kargo-sandbox';
import { getKargo, paymentsHidden } from './callers';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  type Decision,
  type ReliabilityBackend,
} from './harness';

export interface SuiteOptions {
  /** The catalog's entities (default: ENTITY only). */
  entities?: Entity[];
  /** The backend's config for the sandbox (default: kargoConfig). */
  config?: (sandbox: Sandbox) => JsonObject;
  /** Changes the sandbox before the backend starts (objects, faults). */
  load?: (sandbox: Sandbox) => void;
  /** Runs the scheduled refresh once the backend is up (default: true). */
  refresh?: boolean;
}

/**
 * A secret sandbox (no controller) and the kargo plugin's reliability backend
 * on it, for the enclosing describe: started in a beforeAll (registered now,
 * so before the caller's own), stopped in an afterAll. The getters answer
 * once the beforeAll has run.
 */
export function useReliabilityBackend(options: SuiteOptions = {}): {
  sandbox(): Sandbox;
  backend(): ReliabilityBackend;
} {
  let sandbox: Sandbox | undefined;
  let backend: ReliabilityBackend | undefined;
  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    options.load?.(sandbox);
    backend = await startReliabilityBackend({
      sandbox,
      config: (options.config ?? kargoConfig)(sandbox),
      entities: options.entities,
    });
    if (options.refresh ?? true) await backend.refresh();
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the beforeAll has not run');
    return value;
  };
  return {
    sandbox: () => started(sandbox),
    backend: () => started(backend),
  };
}

/**
 * Sets the policy (in a beforeAll registered now) to `decide`, by default
 * paymentsHidden, and counts every question asked of it. Returns a GET of
 * the kargo API as alice that answers the response and the questions it
 * asked, each `<permission> <resource ref>`.
 */
export function countingQuestions(
  backend: () => ReliabilityBackend,
  decide: (permission: string, ref?: string) => Decision = paymentsHidden,
) {
  const asked: string[] = [];
  beforeAll(() => {
    backend().decide((permission: string, ref?: string): Decision => {
      asked.push(`${permission} ${ref ?? ''}`);
      return decide(permission, ref);
    });
  });
  return async (path: string) => {
    asked.length = 0;
    const res = await getKargo(backend(), path);
    return { res, asked: [...asked] };
  };
}

/** A Kargo Project with nothing in it yet, for `sandbox.load`. */
export const emptyProject = (name: string): KubeObject => ({
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Project',
  metadata: { name },
});
