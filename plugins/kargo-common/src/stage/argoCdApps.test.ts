import type { Stage } from '../types';
import { stageArgoCdApps } from './argoCdApps';

function stage(parts: {
  steps?: unknown[];
  context?: string;
  output?: unknown;
}): Stage {
  return {
    metadata: {
      name: 'uat',
      namespace: 'checkout',
      ...(parts.context
        ? { annotations: { 'kargo.akuity.io/argocd-context': parts.context } }
        : {}),
    },
    spec: { promotionTemplate: { spec: { steps: parts.steps as any } } },
    status: { health: { status: 'Healthy', output: parts.output } },
  } as Stage;
}

const healthOutput = [
  {
    applicationStatuses: [
      {
        Namespace: 'argocd',
        Name: 'checkout-uat',
        health: { status: 'Degraded' },
        sync: { status: 'OutOfSync', revision: 'abc' },
      },
    ],
  },
];

describe('stageArgoCdApps', () => {
  it('lists the apps of argocd-update steps with the health and sync Kargo last saw, linked to Argo CD', () => {
    const apps = stageArgoCdApps(
      stage({
        steps: [
          { uses: 'git-clone', config: { repoURL: 'https://x' } },
          {
            uses: 'argocd-update',
            config: { apps: [{ name: 'checkout-uat', sources: [] }] },
          },
        ],
        output: healthOutput,
      }),
      'https://argocd.example.com/',
    );
    expect(apps).toEqual([
      {
        name: 'checkout-uat',
        namespace: 'argocd',
        health: 'Degraded',
        sync: 'OutOfSync',
        url: 'https://argocd.example.com/applications/argocd/checkout-uat',
      },
    ]);
  });

  it('uses the names the last Promotion resolved when the step names them by expression', () => {
    const apps = stageArgoCdApps(
      stage({
        steps: [
          {
            uses: 'argocd-update',
            config: { apps: [{ name: '${{ ctx.project }}-uat' }] },
          },
        ],
        context: JSON.stringify([{ name: 'checkout-uat', namespace: 'apps' }]),
      }),
    );
    expect(apps).toEqual([
      {
        name: 'checkout-uat',
        namespace: 'apps',
        health: null,
        sync: null,
        url: null,
      },
    ]);
  });

  it('names each app once, and apps only the health check reports', () => {
    const apps = stageArgoCdApps(
      stage({
        steps: [
          {
            uses: 'argocd-update',
            config: { apps: [{ name: 'checkout-uat' }] },
          },
        ],
        context: JSON.stringify([
          { name: 'checkout-uat', namespace: 'argocd' },
        ]),
        output: [
          ...healthOutput,
          { applicationStatuses: [{ Namespace: 'x', Name: 'other' }] },
        ],
      }),
    );
    expect(apps.map(a => `${a.namespace}/${a.name}:${a.health}`)).toEqual([
      'argocd/checkout-uat:Degraded',
      'x/other:null',
    ]);
  });

  it('lists nothing for a Stage without argocd-update, and survives malformed parts', () => {
    expect(stageArgoCdApps(stage({ steps: [{ uses: 'git-push' }] }))).toEqual(
      [],
    );
    expect(
      stageArgoCdApps(
        stage({
          steps: [{ uses: 'argocd-update', config: { apps: 'nope' } }],
          context: '{not json',
          output: { applicationStatuses: 3 },
        }),
      ),
    ).toEqual([]);
    expect(stageArgoCdApps({} as Stage)).toEqual([]);
  });
});
