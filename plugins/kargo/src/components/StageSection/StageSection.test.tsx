import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import {
  brokenStage,
  prodWithOrphan,
  staleStaging,
} from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { formatClock } from '../../utils/format';
import { StageSection } from './StageSection';

function Toggled(props: { stage: typeof staleStaging }) {
  const [open, setOpen] = useState(false);
  return (
    <StageSection
      stage={props.stage}
      expanded={open}
      onToggle={() => setOpen(o => !o)}
    />
  );
}

/** The broken Stage with one repository whose pull requests could not be listed. */
async function renderWithListingError(
  error: Omit<StageDetail['pullRequestErrors'][number], 'repoUrl'>,
) {
  const { Wrapper } = createTestApis();
  await renderInTestApp(
    <Wrapper>
      <StageSection
        stage={{
          ...brokenStage,
          pullRequestErrors: [
            { repoUrl: 'https://github.com/acme/checkout-deploy', ...error },
          ],
        }}
      />
    </Wrapper>,
  );
}

describe('StageSection', () => {
  it('collapsed, is one summary row with the actions; the keyboard opens and closes its details', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <Toggled stage={staleStaging} />
      </Wrapper>,
    );
    const section = screen.getByRole('region', { name: 'checkout/staging' });
    expect(within(section).getByText('Freight: brave-otter')).toBeVisible();
    expect(within(section).getByText('Verification: Successful')).toBeVisible();
    expect(
      await within(section).findByRole('button', { name: 'Reverify' }),
    ).toBeEnabled();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(section).queryByText('Current freight: brave-otter'),
    ).not.toBeInTheDocument();

    within(section).getByRole('button', { name: 'Show details' }).focus();
    await userEvent.keyboard('{Enter}');
    const hide = within(section).getByRole('button', { name: 'Hide details' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    // The focus follows the toggle that replaced the one pressed.
    expect(hide).toHaveFocus();
    expect(within(section).getAllByRole('table').length).toBeGreaterThan(0);
    expect(
      within(section).getByText('Current freight: brave-otter'),
    ).toBeVisible();

    await userEvent.keyboard('{Enter}');
    const show = within(section).getByRole('button', { name: 'Show details' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(show).toHaveFocus();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the Stage with chips, freight, history, actions and the Kargo link', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageSection stage={staleStaging} />
      </Wrapper>,
    );
    const section = screen.getByRole('region', { name: 'checkout/staging' });
    expect(within(section).getByText('Phase: Ready')).toBeVisible();
    expect(within(section).getByText('Health: Healthy')).toBeVisible();
    expect(
      within(section).getByText('Current freight: brave-otter'),
    ).toBeVisible();
    expect(
      within(section).getByRole('heading', { name: 'Verification history' }),
    ).toBeVisible();
    expect(within(section).getAllByText('Stale')).toHaveLength(3);
    expect(
      within(section).getByRole('link', { name: /Open in Kargo/ }),
    ).toHaveAttribute(
      'href',
      'https://kargo.example.com/project/checkout/stage/staging',
    );
    expect(
      await within(section).findByRole('button', { name: 'Reverify' }),
    ).toBeEnabled();
    expect(
      within(section).getByRole('button', { name: 'Abort verification' }),
    ).toBeDisabled();
  });

  it('names the instance when asked to', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageSection stage={prodWithOrphan} showInstance />
      </Wrapper>,
    );
    expect(
      screen.getByRole('region', { name: 'checkout/prod (production)' }),
    ).toBeVisible();
    expect(screen.getByText('Orphaned')).toBeVisible();
  });

  it('shows the Stage error and the Git provider error inside the section', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageSection stage={brokenStage} />
      </Wrapper>,
    );
    const section = screen.getByRole('region', { name: 'checkout/broken' });
    expect(
      within(section).getByText(/This Stage could not be read/),
    ).toBeVisible();
    expect(
      within(section).getByText(/unexpected freightHistory layout/),
    ).toBeVisible();
    expect(
      within(section).getByText(
        /Could not list pull requests of https:\/\/github.com\/acme\/checkout-deploy/,
      ),
    ).toBeVisible();
    expect(
      within(section).getByText('GitHub answered 401 Bad credentials'),
    ).toBeVisible();
    expect(within(section).getByText('No verifications yet')).toBeVisible();
  });

  it("says once when a rate-limited repository may be listed again, in the viewer's time", async () => {
    const until = '2026-12-01T14:05:00.000Z';
    await renderWithListingError({
      message: 'GitHub github.com: rate limited until 14:05 UTC',
      rateLimitedUntil: until,
      code: 'gitRateLimited',
      params: { provider: 'GitHub', host: 'github.com', resetTime: until },
    });
    expect(
      screen.getByText(
        `GitHub github.com: rate limited until ${formatClock(until, 'en')}`,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/14:05 UTC/)).toBeNull();
  });

  it("words a repository's listing error from the provider's reason code", async () => {
    await renderWithListingError({
      message: 'an English sentence the UI does not show',
      rateLimitedUntil: null,
      code: 'gitNotFound',
      params: {
        host: 'github.com',
        repo: 'https://github.com/acme/checkout-deploy',
      },
    });
    expect(
      screen.getByText(
        'Repository https://github.com/acme/checkout-deploy not found or not visible to the integration github.com',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/does not show/)).toBeNull();
  });
});
