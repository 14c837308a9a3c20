import type { Entity } from '@backstage/catalog-model';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import { catalogApiMock } from '@backstage/plugin-catalog-react/testUtils';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { KARGO_ANNOTATIONS } from '@kargo-backstage/plugin-kargo-common';
import { screen } from '@testing-library/react';
import { KargoStageSearchResultListItem } from './KargoStageSearchResultListItem';

// The item renders its status after the first load of a lazy chunk, slow on a cold transform.
jest.setTimeout(30_000);

const stageEntity = (annotations: Record<string, string>): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name: 'kargo-shop-prod', namespace: 'default', annotations },
  spec: { type: 'kargo-stage', owner: 'team-a' },
});

const result = {
  title: 'shop/prod',
  text: 'Kargo Stage prod of project shop — Verification Failed: 2 of 3 runs failed',
  location: '/catalog/default/resource/kargo-shop-prod',
  kind: 'Resource',
  type: 'kargo-stage',
};

async function renderItem(entities: Entity[], document: object = result) {
  const catalogApi = catalogApiMock.mock({
    getEntityByRef: jest.fn(async ref =>
      ref === 'resource:default/kargo-shop-prod' ? entities[0] : undefined,
    ),
  });
  return {
    catalogApi,
    rendered: await renderInTestApp(
      <TestApiProvider apis={[[catalogApiRef, catalogApi]]}>
        <KargoStageSearchResultListItem result={document as typeof result} />
      </TestApiProvider>,
    ),
  };
}

describe('KargoStageSearchResultListItem', () => {
  it('links the title and shows the phase and PR counts read from the entity', async () => {
    const { catalogApi } = await renderItem([
      stageEntity({
        [KARGO_ANNOTATIONS.verificationPhase]: 'Failed',
        [KARGO_ANNOTATIONS.verificationStale]: 'true',
        [KARGO_ANNOTATIONS.openPullRequests]: '3',
        [KARGO_ANNOTATIONS.orphanedPullRequests]: '1',
      }),
    ]);
    expect(
      await screen.findByText('Failed', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByTestId('status-error')).toBeInTheDocument();
    expect(screen.getByText('3 open PRs')).toBeVisible();
    expect(screen.getByText('1 orphaned')).toBeVisible();
    expect(screen.getByText('stale history')).toBeVisible();
    expect(screen.getByRole('link', { name: 'shop/prod' })).toHaveAttribute(
      'href',
      '/catalog/default/resource/kargo-shop-prod',
    );
    expect(catalogApi.getEntityByRef).toHaveBeenCalledTimes(1);
  });

  it('uses annotations the document carries without calling the catalog', async () => {
    const { catalogApi } = await renderItem([], {
      ...result,
      annotations: {
        [KARGO_ANNOTATIONS.verificationPhase]: 'Successful',
        [KARGO_ANNOTATIONS.openPullRequests]: '1',
        [KARGO_ANNOTATIONS.orphanedPullRequests]: '0',
      },
    });
    expect(
      await screen.findByText('Successful', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('1 open PR')).toBeVisible();
    expect(screen.queryByText(/orphaned/)).toBeNull();
    expect(catalogApi.getEntityByRef).not.toHaveBeenCalled();
  });

  it('says the status is unavailable when the entity is gone', async () => {
    await renderItem([]);
    expect(
      await screen.findByText('Kargo status unavailable', undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
    expect(screen.getByText('shop/prod')).toBeVisible();
  });
});
