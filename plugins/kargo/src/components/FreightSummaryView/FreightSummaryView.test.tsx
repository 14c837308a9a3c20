import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { staleStaging } from '../../__fixtures__/stages';
import { FreightSummaryView } from './FreightSummaryView';

describe('FreightSummaryView', () => {
  it('shows the alias, commit, image tag and chart version', async () => {
    await renderInTestApp(
      <FreightSummaryView freight={staleStaging.currentFreight} />,
    );
    expect(screen.getByText('Current freight: brave-otter')).toBeVisible();
    const items = screen.getAllByRole('listitem').map(li => li.textContent);
    expect(items).toEqual([
      'github.com/acme/checkout-deploy @ 8c1e5f0 v1.4.2',
      'ghcr.io/acme/checkout:1.4.2',
      'checkout 0.9.1',
    ]);
  });

  it('says when there is no freight', async () => {
    await renderInTestApp(<FreightSummaryView freight={null} />);
    expect(screen.getByText('No freight')).toBeVisible();
  });
});
