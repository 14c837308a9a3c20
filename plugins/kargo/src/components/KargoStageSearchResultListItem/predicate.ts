import type { SearchResult } from '@backstage/plugin-search-common';
import { isKargoStageSearchDocument } from '@kargo-backstage/plugin-kargo-common';

/** True for catalog search results of kargo-stage Resources. */
export function isKargoStageSearchResult(result: SearchResult): boolean {
  return (
    result.type === 'software-catalog' &&
    isKargoStageSearchDocument(result.document)
  );
}
