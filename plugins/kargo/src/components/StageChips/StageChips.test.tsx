import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { StageChips } from './StageChips';

describe('StageChips', () => {
  it('shows the phase and health', async () => {
    await renderInTestApp(
      <StageChips stage={{ phase: 'Verifying', health: 'Healthy' }} />,
    );
    expect(screen.getByText('Phase: Verifying')).toBeVisible();
    expect(screen.getByText('Health: Healthy')).toBeVisible();
  });

  it('says when the health is unknown', async () => {
    await renderInTestApp(
      <StageChips stage={{ phase: 'Unknown', health: null }} />,
    );
    expect(screen.getByText('Health: Unknown')).toBeVisible();
  });
});
