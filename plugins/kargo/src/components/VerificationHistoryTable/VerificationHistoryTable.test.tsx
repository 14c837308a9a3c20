import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kargoApiRef } from '../../api';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { longHistory, staleStaging } from '../../__fixtures__/stages';
import { VerificationHistoryTable } from './VerificationHistoryTable';

function render(stage = staleStaging, api = fakeKargoApi()) {
  return renderInTestApp(
    <TestApiProvider apis={[[kargoApiRef, api]]}>
      <VerificationHistoryTable stage={stage} />
    </TestApiProvider>,
  );
}

function dataRows() {
  // Rows of the table body; the head holds the column titles.
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body).getAllByRole('row');
}

describe('VerificationHistoryTable', () => {
  it('shows the live phase of every run and marks the stale ones', async () => {
    await render();
    const rows = dataRows();
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('Successful')).toBeVisible();
    expect(within(rows[0]).queryByText('Stale')).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('3 min 20 sec')).toBeVisible();
    expect(within(rows[0]).getByText('user:default/alice')).toBeVisible();
    for (const row of rows.slice(1)) {
      expect(within(row).getByText('Failed')).toBeVisible();
      expect(within(row).getByText('Stale')).toBeVisible();
    }
    expect(
      within(rows[2]).getByLabelText(
        /^Stale: Kargo still shows Pending; the AnalysisRun Failed at \d{1,2}:\d\d(\s[AP]M)?$/,
      ),
    ).toBeVisible();
  });

  it('keeps start, Freight and actor on one line, cut with the whole text in a tooltip', async () => {
    await render();
    const [row] = dataRows();
    const start = within(row).getByText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d/,
    );
    for (const text of [
      start.textContent!,
      'brave-otter',
      'user:default/alice',
    ]) {
      const cell = within(row).getByText(text);
      expect(cell).toHaveAttribute('title', text);
      expect(cell).toHaveStyle({ whiteSpace: 'nowrap' });
    }
    // The table's layout is fixed, so long cells do not widen their column.
    expect(screen.getByRole('table')).toHaveStyle({ tableLayout: 'fixed' });
  });

  it('paginates a long history by 10', async () => {
    await render(longHistory);
    const runButtons = () =>
      screen.getAllByRole('button', { name: /^perf\.run-/ });
    expect(runButtons()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'perf.run-14' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(runButtons()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'perf.run-01' })).toBeVisible();
  });

  it('opens the AnalysisRun drawer from the run name', async () => {
    const api = fakeKargoApi();
    await render(staleStaging, api);
    await userEvent.click(
      screen.getByRole('button', { name: 'staging.01jc0001.bb1' }),
    );
    expect(
      await screen.findByRole('region', {
        name: 'AnalysisRun staging.01jc0001.bb1',
      }),
    ).toBeVisible();
    expect(await screen.findByText(/error rate 7.5% above 5%/)).toBeVisible();
    expect(api.getAnalysisRun).toHaveBeenCalledWith({
      project: 'checkout',
      instance: 'production',
      name: 'staging.01jc0001.bb1',
    });
  });
});
