import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { prodWithOrphan } from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { ClosePullRequestButtons } from './ClosePullRequestButtons';

const [waitedOn, orphan] = prodWithOrphan.pullRequests;
// usePermission caches decisions per resource for the whole file: the denied
// test asks about a Stage of its own.
const deniedStage = { ...prodWithOrphan, instance: 'denied' };

describe('ClosePullRequestButtons', () => {
  it('is disabled with the reason when the permission is denied', async () => {
    const { api, Wrapper } = createTestApis({
      permission: AuthorizeResult.DENY,
    });
    await renderInTestApp(
      <Wrapper>
        <ClosePullRequestButtons stage={deniedStage} pr={orphan} />
      </Wrapper>,
    );
    const close = await screen.findByRole('button', { name: 'Close #41' });
    await waitFor(() =>
      expect(close.parentElement).toHaveAttribute(
        'aria-label',
        'Close #41: You are not permitted to close pull requests of this Stage.',
      ),
    );
    expect(close).toBeDisabled();
    expect(api.closePullRequest).not.toHaveBeenCalled();
  });

  it('needs no Kargo sign-in: the portal closes with its Git identity', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <ClosePullRequestButtons stage={prodWithOrphan} pr={orphan} />
      </Wrapper>,
    );
    const close = await screen.findByRole('button', { name: 'Close #41' });
    await waitFor(() => expect(close).toBeEnabled());
  });

  it('offers nothing for a PR the backend did not mark closable', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <ClosePullRequestButtons stage={prodWithOrphan} pr={waitedOn} />
      </Wrapper>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
