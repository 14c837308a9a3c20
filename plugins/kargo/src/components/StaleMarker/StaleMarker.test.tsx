import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verification } from '../../__fixtures__/stages';
import { formatClock } from '../../utils/format';
import { StaleMarker } from './StaleMarker';

describe('StaleMarker', () => {
  it('explains a stale entry in a tooltip', async () => {
    const entry = verification({
      phase: 'Failed',
      recordedPhase: 'Running',
      stale: true,
      finishTime: '2026-11-30T10:42:00Z',
    });
    await renderInTestApp(<StaleMarker entry={entry} />);
    const chip = screen.getByText('Stale');
    expect(chip).toBeVisible();
    await userEvent.hover(chip);
    // Local time of 10:42Z in the test machine's zone.
    const clock = formatClock('2026-11-30T10:42:00Z', 'en');
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      `Kargo still shows Running; the AnalysisRun Failed at ${clock}`,
    );
  });

  it('explains without a time when the run has not recorded one', async () => {
    const entry = verification({
      phase: 'Error',
      recordedPhase: 'Pending',
      stale: true,
      finishTime: null,
    });
    await renderInTestApp(<StaleMarker entry={entry} />);
    expect(
      screen.getByLabelText(
        'Stale: Kargo still shows Pending; the AnalysisRun is Error',
      ),
    ).toBeVisible();
  });

  it('shows nothing for a fresh entry', async () => {
    await renderInTestApp(<StaleMarker entry={verification()} />);
    expect(screen.queryByText('Stale')).not.toBeInTheDocument();
  });
});
