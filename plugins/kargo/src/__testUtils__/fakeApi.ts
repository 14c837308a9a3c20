import type { KargoApi } from '../api';
import { failedRun } from '../__fixtures__/analysisRun';
import { entityResponse, staleStaging } from '../__fixtures__/stages';

/** A KargoApi whose methods are jest mocks with realistic defaults. */
export function fakeKargoApi(overrides: Partial<KargoApi> = {}) {
  return {
    getEntityStages: jest.fn(async () => entityResponse([staleStaging])),
    getStage: jest.fn(async () => staleStaging),
    getAnalysisRun: jest.fn(async () => failedRun),
    reverify: jest.fn(async () => ({
      id: 'a1b2c3d4-0000-0000-0000-000000000001',
    })),
    abortVerification: jest.fn(async () => undefined),
    promote: jest.fn(async (request: { stage: string; freight: string }) => ({
      promotion: `${request.stage}.01jpromotion.${request.freight.slice(0, 7)}`,
      freight: request.freight,
    })),
    abortPromotion: jest.fn(async (request: { promotion: string }) => ({
      promotion: request.promotion,
    })),
    approveFreight: jest.fn(async (request: { freight: string }) => ({
      freight: request.freight,
      actedAs: 'person' as const,
    })),
    closePullRequest: jest.fn(
      async (request: { number: number; deleteBranch?: boolean }) => ({
        pullRequest: `https://github.com/acme/checkout-deploy/pull/${request.number}`,
        deletedBranch: request.deleteBranch
          ? `kargo/promotion/prod.01jd${request.number}`
          : null,
        actedAs: 'portal' as const,
      }),
    ),
    refreshStage: jest.fn(async () => ({ actedAs: 'person' as const })),
    refreshWarehouses: jest.fn(async () => ({
      warehouses: ['checkout'],
      actedAs: 'person' as const,
    })),
    getStageLinks: jest.fn(async () => ({
      links: [
        {
          title: 'Argo CD Application',
          url: 'https://argocd.example.com/applications/argocd/checkout-staging',
          description: 'The Application this Stage updates',
        },
      ],
      errors: [],
    })),
    ...overrides,
  } satisfies KargoApi;
}

export const annotatedEntity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout-service',
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'checkout' },
  },
  spec: { type: 'service', owner: 'team-a', lifecycle: 'production' },
};

export const plainEntity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name: 'legacy-batch', namespace: 'default' },
  spec: { type: 'service', owner: 'team-a', lifecycle: 'production' },
};
