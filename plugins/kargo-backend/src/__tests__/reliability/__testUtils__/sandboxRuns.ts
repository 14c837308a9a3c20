import type { Sandbox } from '@kargo-backstage/kargo-sandbox';

/** Polls `probe` until it answers a value (the backend reacts on its own time). */
export async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise(r => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Sets an AnalysisRun's phase in the sandbox's store, as Argo Rollouts would. */
export function setRunPhase(
  sandbox: Sandbox,
  namespace: string,
  name: string,
  phase: string,
) {
  const rt = sandbox.registry.find('argoproj.io', 'v1alpha1', 'analysisruns')!;
  const run = sandbox.store.get(rt, namespace, name)!;
  sandbox.store.update(rt, { ...run, status: { ...run.status, phase } });
}
