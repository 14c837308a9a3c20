import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prodWithOrphan } from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { PullRequestsTable } from './PullRequestsTable';

describe('PullRequestsTable', () => {
  it('lists pull requests with links, branches, author and age', async () => {
    await renderInTestApp(
      <PullRequestsTable pullRequests={prodWithOrphan.pullRequests} />,
    );
    const link = screen.getByRole('link', {
      name: /Promote brave-otter to prod/,
    });
    expect(link).toHaveAttribute(
      'href',
      'https://github.com/acme/checkout-deploy/pull/42',
    );
    expect(screen.getByRole('link', { name: /^#41/ })).toHaveAttribute(
      'href',
      'https://github.com/acme/checkout-deploy/pull/41',
    );
    expect(
      screen.getByText('kargo/promotion/prod.01jd42 → main'),
    ).toBeVisible();
    expect(screen.getAllByText('kargo-bot')).toHaveLength(2);
    expect(screen.getAllByText('open')).toHaveLength(2);
    expect(screen.getAllByText(/ago$/)).toHaveLength(2);
  });

  it('words the age in German for a German viewer', async () => {
    const { Wrapper } = createTestApis({ extraApis: germanApis() });
    await renderInTestApp(
      <Wrapper>
        <PullRequestsTable pullRequests={prodWithOrphan.pullRequests} />
      </Wrapper>,
    );
    expect(screen.getAllByText(/^vor \d+ /)).toHaveLength(2);
    expect(screen.queryByText(/ago$/)).not.toBeInTheDocument();
  });

  it('marks only the orphaned pull request and explains why', async () => {
    await renderInTestApp(
      <PullRequestsTable pullRequests={prodWithOrphan.pullRequests} />,
    );
    const badges = screen.getAllByText('Orphaned');
    expect(badges).toHaveLength(1);
    const row = screen
      .getByRole('link', { name: /Promote calm-lynx to prod/ })
      .closest('tr')!;
    expect(within(row).getByText('Orphaned')).toBeVisible();
    await userEvent.hover(badges[0]);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /Kargo lost track of it/,
    );
  });

  it('names the Promotion that opened each pull request, or a dash', async () => {
    await renderInTestApp(
      <PullRequestsTable pullRequests={prodWithOrphan.pullRequests} />,
    );
    expect(
      screen.getByRole('columnheader', { name: 'Promotion' }),
    ).toBeVisible();
    const recorded = screen
      .getByRole('link', { name: /Promote brave-otter to prod/ })
      .closest('tr')!;
    expect(within(recorded).getByText('prod.01jd42')).toBeVisible();
    const orphan = screen
      .getByRole('link', { name: /Promote calm-lynx to prod/ })
      .closest('tr')!;
    expect(within(orphan).getByText('—')).toBeVisible();
    expect(within(orphan).queryByText('prod.01jd42')).toBeNull();
  });

  it('says when there are none', async () => {
    await renderInTestApp(<PullRequestsTable pullRequests={[]} />);
    expect(screen.getByText('No open pull requests')).toBeVisible();
  });
});

describe('PullRequestsTable re-rendered in development', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
    jest.restoreAllMocks();
  });

  it('keeps its rows and columns stable, so material-table does not warn', async () => {
    process.env.NODE_ENV = 'development';
    const warn = jest.spyOn(console, 'warn');
    const { rerender } = await renderInTestApp(
      <PullRequestsTable pullRequests={prodWithOrphan.pullRequests} />,
    );
    rerender(
      <PullRequestsTable pullRequests={[...prodWithOrphan.pullRequests]} />,
    );
    expect(screen.getByRole('link', { name: /^#41/ })).toBeVisible();
    expect(warn).not.toHaveBeenCalledWith(
      expect.stringContaining('material table'),
    );
  });
});

describe('PullRequestsTable: closing orphans', () => {
  it('offers Close and Close and delete branch on the closable orphan only, confirms with its title, and closes it as the portal', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <PullRequestsTable
          pullRequests={prodWithOrphan.pullRequests}
          stage={prodWithOrphan}
        />
      </Wrapper>,
    );
    const waitedOn = screen
      .getByRole('link', { name: /Promote brave-otter to prod/ })
      .closest('tr')!;
    expect(
      within(waitedOn).queryByRole('button', { name: /^Close/ }),
    ).toBeNull();
    const closeAndDelete = await screen.findByRole('button', {
      name: 'Close #41 and delete branch kargo/promotion/prod.01jd41',
    });
    await waitFor(() => expect(closeAndDelete).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Close #41' })).toBeEnabled();
    await userEvent.click(closeAndDelete);
    const dialog = screen.getByRole('dialog', {
      name: 'Close #41 and delete its branch?',
    });
    expect(dialog).toHaveTextContent(
      '"Promote calm-lynx to prod" will be closed',
    );
    expect(api.closePullRequest).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() =>
      expect(api.closePullRequest).toHaveBeenCalledWith({
        project: 'checkout',
        stage: 'prod',
        instance: prodWithOrphan.instance,
        repoUrl: 'https://github.com/acme/checkout-deploy',
        number: 41,
        deleteBranch: true,
      }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Closed #41 and deleted branch kargo/promotion/prod.01jd41',
          severity: 'success',
        }),
      ),
    );
  });

  it('words the buttons in German', async () => {
    const { Wrapper } = createTestApis({ extraApis: germanApis() });
    await renderInTestApp(
      <Wrapper>
        <PullRequestsTable
          pullRequests={prodWithOrphan.pullRequests}
          stage={prodWithOrphan}
        />
      </Wrapper>,
    );
    expect(
      await screen.findByRole('button', { name: '#41 schließen' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Schließen und Branch löschen'),
    ).toBeInTheDocument();
  });
});
