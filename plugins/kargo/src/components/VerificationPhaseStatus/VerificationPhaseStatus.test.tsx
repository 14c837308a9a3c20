import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { VerificationPhaseStatus } from './VerificationPhaseStatus';

// core-components only marks the OK, warning and error icons with test ids;
// the pending, running and aborted statuses must show none of them.
const MARKED = ['status-ok', 'status-warning', 'status-error'];

describe('VerificationPhaseStatus', () => {
  it.each([
    ['Pending', null],
    ['Running', null],
    ['Aborted', null],
    ['Successful', 'status-ok'],
    ['Failed', 'status-error'],
    ['Error', 'status-error'],
    ['Inconclusive', 'status-warning'],
    ['Exploded', 'status-warning'],
  ])('shows %s with the %s icon', async (phase, icon) => {
    await renderInTestApp(<VerificationPhaseStatus phase={phase} />);
    expect(screen.getByText(phase)).toBeVisible();
    const shown = MARKED.filter(id => screen.queryByTestId(id) !== null);
    expect(shown).toEqual(icon ? [icon] : []);
  });
});
