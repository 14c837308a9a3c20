import { renderInTestApp } from '@backstage/test-utils';
import type { Entity } from '@backstage/catalog-model';
import { MockEntityListContextProvider } from '@backstage/plugin-catalog-react/testUtils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KargoCatalogFilter } from './KargoCatalogFilter';
import type { KargoEntityFilter } from './KargoEntityFilter';

const entity = (annotations: Record<string, string>): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name: 'x', annotations },
});

describe('KargoCatalogFilter', () => {
  it('filters by verification phase and orphaned pull requests, and clears the filter', async () => {
    const updateFilters = jest.fn();
    await renderInTestApp(
      <MockEntityListContextProvider
        value={{ updateFilters, queryParameters: {} }}
      >
        <KargoCatalogFilter />
      </MockEntityListContextProvider>,
    );
    const latest = () =>
      updateFilters.mock.calls[updateFilters.mock.calls.length - 1][0].kargo as
        | KargoEntityFilter
        | undefined;
    await waitFor(() => expect(updateFilters).toHaveBeenCalled());
    expect(latest()).toBeUndefined();

    await userEvent.click(screen.getByLabelText('Orphaned pull requests'));
    await waitFor(() => expect(latest()).toBeDefined());
    const orphaned = entity({ 'kargo.akuity.io/orphaned-pull-requests': '1' });
    const none = entity({ 'kargo.akuity.io/orphaned-pull-requests': '0' });
    expect([
      latest()!.filterEntity(orphaned),
      latest()!.filterEntity(none),
    ]).toEqual([true, false]);
    expect(latest()!.toQueryValue()).toEqual(['orphaned-prs']);

    await userEvent.click(screen.getByRole('button', { name: /Verification/ }));
    await userEvent.click(
      within(screen.getByRole('listbox')).getByText('Failed'),
    );
    await waitFor(() =>
      expect(latest()!.toQueryValue()).toEqual([
        'phase:Failed',
        'orphaned-prs',
      ]),
    );
    expect(latest()!.getCatalogFilters()).toEqual({
      'metadata.annotations.kargo.akuity.io/verification-phase': 'Failed',
      'metadata.annotations.kargo.akuity.io/orphaned-pull-requests':
        expect.any(Symbol),
    });

    await userEvent.click(screen.getByLabelText('Orphaned pull requests'));
    await userEvent.click(screen.getByRole('button', { name: /Verification/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Any'));
    await waitFor(() => expect(latest()).toBeUndefined());
  });

  it('starts from the selection in the URL', async () => {
    await renderInTestApp(
      <MockEntityListContextProvider
        value={{ queryParameters: { kargo: ['stale'] } as any }}
      >
        <KargoCatalogFilter />
      </MockEntityListContextProvider>,
    );
    expect(screen.getByLabelText('Stale verification history')).toBeChecked();
    expect(screen.getByLabelText('Open pull requests')).not.toBeChecked();
  });
});
