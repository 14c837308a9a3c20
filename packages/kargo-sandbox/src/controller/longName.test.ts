import { startSandbox, Sandbox } from '../sandbox';
import { call, eventually } from '../__testUtils__/http';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const LONG =
  'a-very-long-stage-name-for-the-payments-platform-team-in-region-eu-west-1';
const FREIGHT = '0123456789abcdef0123456789abcdef01234567';
const COLLECTION = 'fedcba9876543210fedcba9876543210fedcba98';

const YAML = `
apiVersion: kargo.akuity.io/v1alpha1
kind: Project
metadata: {name: team}
---
apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata: {name: smoke, namespace: team}
spec:
  metrics: [{name: smoke, provider: {job: {spec: {}}}}]
---
apiVersion: kargo.akuity.io/v1alpha1
kind: Freight
metadata: {name: ${FREIGHT}, namespace: team}
origin: {kind: Warehouse, name: team}
---
apiVersion: kargo.akuity.io/v1alpha1
kind: Stage
metadata: {name: ${LONG}, namespace: team}
spec:
  requestedFreight: [{origin: {kind: Warehouse, name: team}, sources: {direct: true}}]
  verification: {analysisTemplates: [{name: smoke}]}
status:
  freightHistory:
  - id: ${COLLECTION}
    items:
      Warehouse/team: {name: ${FREIGHT}, origin: {kind: Warehouse, name: team}}
    verificationHistory:
    - {id: first, phase: Successful, startTime: "2026-11-27T09:00:00Z"}
`;

describe('simulated Kargo controller: long Stage names and refresh', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ fixtures: false, stepDelayMs: 20 });
    sandbox.load(YAML);
  });
  afterEach(() => sandbox.stop());

  const stagePath = `/apis/kargo.akuity.io/v1alpha1/namespaces/team/stages/${LONG}`;
  const annotate = (annotations: Record<string, string>) =>
    call(sandbox, 'PATCH', stagePath, {
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations } },
    });

  it('shortens the stage label past 63 characters and keeps the full name in an annotation', async () => {
    await annotate({ 'kargo.akuity.io/reverify': 'first' });
    const vi = await eventually(async () => {
      const s = (await call(sandbox, 'GET', stagePath)).body;
      const v = s.status.freightHistory[0].verificationHistory[0];
      return v.id !== 'first' && v.phase === 'Successful' ? v : undefined;
    });
    expect(vi.analysisRun.name.startsWith(`${LONG}.`)).toBe(true);
    const runs = await call(
      sandbox,
      'GET',
      '/apis/argoproj.io/v1alpha1/namespaces/team/analysisruns?labelSelector=kargo.akuity.io/stage%3Da-very-long-stage-name-for-the-payments-platform-team-59fae8bb',
    );
    expect(runs.body.items).toHaveLength(1);
    expect(runs.body.items[0].metadata.annotations).toEqual({
      'kargo.akuity.io/stage': LONG,
    });
    expect(
      runs.body.items[0].metadata.labels['kargo.akuity.io/freight-collection'],
    ).toBe(COLLECTION);
  });

  it('copies a refresh token to status.lastHandledRefresh', async () => {
    await annotate({ 'kargo.akuity.io/refresh': '2026-11-30T10:00:00Z' });
    const handled = await eventually(async () => {
      const s = (await call(sandbox, 'GET', stagePath)).body;
      return s.status.lastHandledRefresh;
    });
    expect(handled).toBe('2026-11-30T10:00:00Z');
  });
});
