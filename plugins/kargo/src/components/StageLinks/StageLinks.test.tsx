import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { staleStaging } from '../../__fixtures__/stages';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { StageSummaryRow } from '../StageSummaryRow';

const withApps: StageDetail = {
  ...staleStaging,
  argoCdApps: [
    {
      name: 'checkout-staging',
      namespace: 'argocd',
      health: 'Degraded',
      sync: 'OutOfSync',
      url: 'https://argocd.example.com/applications/argocd/checkout-staging',
    },
    {
      name: 'checkout-staging-db',
      namespace: 'argocd',
      health: null,
      sync: null,
      url: null,
    },
  ],
};

async function renderRow(
  options: Parameters<typeof createTestApis>[0] = {},
  stage: StageDetail = withApps,
) {
  const { Wrapper } = createTestApis(options);
  await renderInTestApp(
    <Wrapper>
      <StageSummaryRow
        stage={stage}
        title="checkout/staging"
        onExpand={() => {}}
      />
    </Wrapper>,
  );
}

describe('links on the Stage row', () => {
  it('shows each Argo CD Application with its health and sync, linked to Argo CD when known', async () => {
    const api = fakeKargoApi();
    await renderRow({ api });
    const apps = screen.getByRole('list', { name: 'Argo CD Applications' });
    const linked = within(apps).getByRole('link', {
      name: 'checkout-staging: Degraded, OutOfSync',
    });
    expect(linked).toHaveAttribute(
      'href',
      'https://argocd.example.com/applications/argocd/checkout-staging',
    );
    expect(
      within(apps).getByText(
        'checkout-staging-db: not checked yet, not checked yet',
      ),
    ).toBeVisible();
    expect(within(apps).getAllByRole('link')).toHaveLength(1);
    // The apps come with the Stage: Kargo is not asked for links until opened.
    expect(api.getStageLinks).not.toHaveBeenCalled();
  });

  it("asks Kargo for the Stage's links when Links is opened, and lists them", async () => {
    const api = fakeKargoApi();
    await renderRow({ api });
    await userEvent.click(
      screen.getByRole('button', { name: 'Links of staging' }),
    );
    const link = await screen.findByRole('menuitem', {
      name: /Argo CD Application/,
    });
    expect(link).toHaveAttribute(
      'href',
      'https://argocd.example.com/applications/argocd/checkout-staging',
    );
    expect(api.getStageLinks).toHaveBeenCalledWith({
      instance: staleStaging.instance,
      project: 'checkout',
      stage: 'staging',
    });
  });

  it('says when the Stage has no links, and when Kargo could not give them (the row stays)', async () => {
    const empty = fakeKargoApi({
      getStageLinks: jest.fn(async () => ({ links: [], errors: [] })),
    });
    await renderRow({ api: empty });
    await userEvent.click(
      screen.getByRole('button', { name: 'Links of staging' }),
    );
    expect(await screen.findByText('No links for this Stage')).toBeVisible();
  });

  it('says links are not available when Kargo fails, leaving the row', async () => {
    const failing = fakeKargoApi({
      getStageLinks: jest.fn(async () => {
        throw new Error('Kargo API of instance sandbox is unavailable');
      }),
    });
    await renderRow({ api: failing });
    await userEvent.click(
      screen.getByRole('button', { name: 'Links of staging' }),
    );
    expect(await screen.findByText('Links not available')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(
      screen.getByRole('heading', { name: 'checkout/staging' }),
    ).toBeVisible();
  });

  it('shows nothing of Argo CD for a Stage that updates no Application', async () => {
    await renderRow({}, staleStaging);
    expect(
      screen.queryByRole('list', { name: 'Argo CD Applications' }),
    ).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderRow({ extraApis: germanApis() });
    expect(
      screen.getByText(
        'checkout-staging-db: noch nicht geprüft, noch nicht geprüft',
      ),
    ).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Links von staging' }),
    );
    expect(
      await screen.findByRole('menuitem', { name: /Argo CD Application/ }),
    ).toBeVisible();
  });
});
