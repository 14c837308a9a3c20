import { catalogApiRef } from '@backstage/plugin-catalog-react';
import { catalogApiMock } from '@backstage/plugin-catalog-react/testUtils';
import type { SearchResult } from '@backstage/plugin-search-common';
import { SearchResultListItemExtensions } from '@backstage/plugin-search-react';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { stageEntity } from './__fixtures__/stageSearch';
import { KargoStageSearchResultListItemExtension } from './plugin';

// Lazy extensions load on first render, slow on a cold transform.
jest.setTimeout(30_000);

const stage: SearchResult = {
  type: 'software-catalog',
  document: {
    title: 'shop/prod',
    text: 'Kargo Stage prod of project shop',
    location: '/catalog/default/resource/kargo-shop-prod',
    kind: 'Resource',
    type: 'kargo-stage',
  } as SearchResult['document'],
};
const component: SearchResult = {
  type: 'software-catalog',
  document: {
    title: 'shop-api',
    text: 'The shop API',
    location: '/catalog/default/component/shop-api',
    kind: 'Component',
    type: 'service',
  } as SearchResult['document'],
};

describe('KargoStageSearchResultListItemExtension (legacy search page)', () => {
  it('renders kargo-stage results with their phase and leaves others alone', async () => {
    const catalogApi = catalogApiMock({
      entities: [stageEntity({ phase: 'Inconclusive', openPullRequests: 0 })],
    });
    await renderInTestApp(
      <TestApiProvider apis={[[catalogApiRef, catalogApi]]}>
        <SearchResultListItemExtensions results={[stage, component]}>
          <KargoStageSearchResultListItemExtension />
        </SearchResultListItemExtensions>
      </TestApiProvider>,
    );
    // The item is lazy-loaded: allow a cold module transform in CI.
    expect(
      await screen.findByText('Inconclusive', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('0 open PRs')).toBeVisible();
    expect(screen.getByText('shop-api')).toBeVisible();
    expect(screen.getAllByText(/open PR/)).toHaveLength(1);
  });
});
