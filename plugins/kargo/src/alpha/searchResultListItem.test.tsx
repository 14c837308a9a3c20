import {
  createExtensionTester,
  renderInTestApp,
} from '@backstage/frontend-test-utils';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import { catalogApiMock } from '@backstage/plugin-catalog-react/testUtils';
import { SearchResultListItemBlueprint } from '@backstage/plugin-search-react/alpha';
import type { SearchDocument } from '@backstage/plugin-search-common';
import { screen } from '@testing-library/react';
import {
  stageEntity,
  stageSearchDocument as stageDocument,
} from '../__fixtures__/stageSearch';
import plugin from './plugin';
import { kargoStageSearchResultListItem } from './searchResultListItem';

// Lazy extensions load on first render, slow on a cold transform.
jest.setTimeout(30_000);

describe('kargo-stage search result list item', () => {
  const item = () =>
    createExtensionTester(kargoStageSearchResultListItem).get(
      SearchResultListItemBlueprint.dataRefs.item,
    );

  it('claims catalog results of kargo-stage Resources only', () => {
    const { predicate } = item();
    expect(
      predicate!({ type: 'software-catalog', document: stageDocument }),
    ).toBe(true);
    expect(
      predicate!({
        type: 'software-catalog',
        document: { ...stageDocument, type: 'database' } as SearchDocument,
      }),
    ).toBe(false);
    expect(
      predicate!({
        type: 'software-catalog',
        document: { ...stageDocument, kind: 'Component' } as SearchDocument,
      }),
    ).toBe(false);
    expect(predicate!({ type: 'techdocs', document: stageDocument })).toBe(
      false,
    );
  });

  it('is one of the plugin extensions, so app.packages: all installs it', () => {
    expect(
      plugin.getExtension('search-result-list-item:kargo/kargo-stage'),
    ).toBeDefined();
  });

  it('renders the Stage phase from the catalog entity', async () => {
    const { component: Item } = item();
    const catalogApi = catalogApiMock({
      entities: [stageEntity({ phase: 'Running', openPullRequests: 2 })],
    });
    renderInTestApp(<Item result={stageDocument} />, {
      apis: [[catalogApiRef, catalogApi]],
    });
    // The item is lazy-loaded: allow a cold module transform in CI.
    expect(
      await screen.findByText('Running', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('2 open PRs')).toBeVisible();
  });
});
