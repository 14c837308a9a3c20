import type { TableOptions } from '@backstage/core-components';

/**
 * The options of the tab's compact history tables: dense rows, pages only
 * when there is more than one, no search or sorting (the order is Kargo's,
 * newest first), and fixed column widths so long text is cut with an
 * ellipsis at 1280 px instead of pushing the last column out.
 */
export function compactTableOptions(
  rowCount: number,
  pageSize: number,
): TableOptions<any> {
  return {
    paging: rowCount > pageSize,
    pageSize,
    pageSizeOptions: [pageSize],
    emptyRowsWhenPaging: false,
    search: false,
    sorting: false,
    padding: 'dense',
    tableLayout: 'fixed',
  };
}
