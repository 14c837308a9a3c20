import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { PullRequestWaitBanner } from './PullRequestWaitBanner';

describe('PullRequestWaitBanner', () => {
  it("words a GitLab merge request in GitLab's terms", async () => {
    await renderInTestApp(
      <PullRequestWaitBanner
        now={new Date('2026-12-01T12:00:00Z')}
        wait={{
          promotion: 'prod.01j.abc1234',
          number: 7,
          url: 'https://gitlab.example.com/acme/app/-/merge_requests/7',
          provider: 'gitlab',
          since: '2026-12-01T09:00:00Z',
        }}
      />,
    );
    expect(
      screen.getByText(
        'Waiting for merge request !7 to be merged, open for 3 h',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/PR #7/)).not.toBeInTheDocument();
  });

  it('says which PR to merge, for how long it has waited, with the link', async () => {
    await renderInTestApp(
      <PullRequestWaitBanner
        now={new Date('2026-12-01T12:00:00Z')}
        wait={{
          promotion: 'prod.01j.abc1234',
          number: 42,
          url: 'https://github.com/acme/app/pull/42',
          provider: 'github',
          since: '2026-12-01T09:00:00Z',
        }}
      />,
    );
    expect(
      screen.getByText('Waiting for PR #42 to be merged, open for 3 h'),
    ).toBeVisible();
    expect(
      screen.getByText(
        /Promotion prod.01j.abc1234 stays at its git-wait-for-pr step/,
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: /^Open the pull request/ }),
    ).toHaveAttribute('href', 'https://github.com/acme/app/pull/42');
  });

  it.each([
    ['2026-12-01T11:15:00Z', 'open for 45 min'],
    ['2026-12-01T11:00:00Z', 'open for 1 h'],
    ['2026-11-29T12:01:00Z', 'open for 47 h'],
    ['2026-11-28T11:55:00Z', 'open for 3 days'],
  ])('says a wait since %s in one unit: %s', async (since, age) => {
    await renderInTestApp(
      <PullRequestWaitBanner
        now={new Date('2026-12-01T12:00:00Z')}
        wait={{ promotion: 'p', number: 42, url: null, provider: null, since }}
      />,
    );
    expect(
      screen.getByText(`Waiting for PR #42 to be merged, ${age}`),
    ).toBeVisible();
  });

  it('shows nothing when no Promotion waits', async () => {
    await renderInTestApp(<PullRequestWaitBanner wait={null} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
