import {
  DEMO_TOKENS,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { createKubeConfig } from '../cluster/kubeConfig';
import { KubernetesKargoClusterClient } from '../cluster/KubernetesKargoClusterClient';
import { abortVerification, reverifyStage } from './verification';

jest.setTimeout(60_000);

describe('reverifyStage and abortVerification against the sandbox', () => {
  let sandbox: Sandbox;
  let cluster: KubernetesKargoClusterClient;

  beforeAll(async () => {
    // No simulated controller: these tests look at what is written.
    sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
    });
    cluster = new KubernetesKargoClusterClient({
      instance: { name: 'sandbox', kargoUrl: null },
      kubeConfig: createKubeConfig({
        name: 'sandbox',
        url: sandbox.url,
        authProvider: 'serviceAccount',
        serviceAccountToken: 'sandbox-admin-token',
        skipTLSVerify: false,
        kargoUrl: null,
      }),
    });
  });
  afterAll(() => sandbox.stop());

  const annotations = async (project: string, stage: string) =>
    (await cluster.getStage(project, stage)).metadata?.annotations ?? {};
  const currentId = async (project: string, stage: string) =>
    (await cluster.getStage(project, stage)).status?.freightHistory?.[0]
      ?.verificationHistory?.[0]?.id;

  // Kargo's Stage webhook (pkg/webhook/kubernetes/stage/webhook.go) records
  // the request's Kubernetes identity as the actor, whatever we wrote: the
  // truth of the `writes: kubernetes` fallback.
  const serviceAccount =
    'kubernetes:system:serviceaccount:backstage:kargo-admin';

  it('reverifies a Stage whose old collections hold stale Running entries (Kargo records the service account)', async () => {
    const id = await currentId('checkout', 'staging');
    await expect(
      reverifyStage({
        cluster,
        project: 'checkout',
        stage: 'staging',
        actor: 'user:default/guest',
      }),
    ).resolves.toEqual({ id });
    expect(
      JSON.parse(
        (await annotations('checkout', 'staging'))['kargo.akuity.io/reverify'],
      ),
    ).toEqual({ id, actor: serviceAccount });
  });

  it('refuses to reverify while the current verification really runs, and writes nothing', async () => {
    await expect(
      reverifyStage({ cluster, project: 'payments', stage: 'test' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
      message: expect.stringMatching(/running/i),
    });
    expect(
      (await annotations('payments', 'test'))['kargo.akuity.io/reverify'],
    ).toBeUndefined();
  });

  it('refuses to reverify a Stage without verification', async () => {
    await expect(
      reverifyStage({ cluster, project: 'payments', stage: 'uat' }),
    ).rejects.toMatchObject({ name: 'ConflictError' });
  });

  it('aborts the running verification (Kargo records the service account)', async () => {
    const id = await currentId('payments', 'test');
    await expect(
      abortVerification({ cluster, project: 'payments', stage: 'test' }),
    ).resolves.toEqual({ id });
    expect(
      JSON.parse(
        (await annotations('payments', 'test'))['kargo.akuity.io/abort'],
      ),
    ).toEqual({ id, actor: serviceAccount });
  });

  it('refuses to abort a finished verification', async () => {
    await expect(
      abortVerification({ cluster, project: 'checkout', stage: 'dev' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
      message: expect.stringMatching(/already finished/),
    });
  });

  it('fails with ConflictError, writing nothing, when the Stage changed after it was read', async () => {
    const stale = Object.create(cluster) as KubernetesKargoClusterClient;
    stale.getStage = async (project, name) => {
      const stage = await cluster.getStage(project, name);
      return {
        ...stage,
        metadata: { ...stage.metadata, resourceVersion: '1' },
      };
    };
    await expect(
      reverifyStage({ cluster: stale, project: 'checkout', stage: 'prod' }),
    ).rejects.toMatchObject({ name: 'ConflictError' });
    expect(
      (await annotations('checkout', 'prod'))['kargo.akuity.io/reverify'],
    ).toBeUndefined();
  });

  it('reports an unknown Stage as NotFoundError', async () => {
    await expect(
      reverifyStage({ cluster, project: 'checkout', stage: 'nope' }),
    ).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
