import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staleStaging } from '../../__fixtures__/stages';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { createTestApis } from '../../__testUtils__/testApis';
import { StageSummaryRow } from '../StageSummaryRow';

// Issue 35, attack 19: Kargo resolves a Stage's links from the link
// templates of its ClusterConfig and ProjectConfig (a project admin's
// object, up to 1.5 MB: ~20,000 templates). Before: the menu drew a menu
// item per link, 1,000 for 1,000. After: the backend keeps the first 100
// (KargoApiHttpClient.test.ts), and the menu draws at most 100 whatever it
// is given.

const links = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    title: `link ${i}`,
    url: `https://a.io/${i}`,
  }));

async function openMenu(count: number) {
  const api = fakeKargoApi({
    getStageLinks: jest.fn(async () => ({ links: links(count), errors: [] })),
  });
  const { Wrapper } = createTestApis({ api });
  await renderInTestApp(
    <Wrapper>
      <StageSummaryRow
        stage={staleStaging}
        title="checkout/staging"
        onExpand={() => {}}
      />
    </Wrapper>,
  );
  await userEvent.click(
    screen.getByRole('button', { name: 'Links of staging' }),
  );
  await screen.findByText('link 0');
  return document.querySelectorAll('[role="menuitem"]');
}

describe("a Stage's links menu", () => {
  it('shows the first 100 links of however many it is given', async () => {
    const items = await openMenu(1_000);
    expect(items).toHaveLength(100);
    expect(items[99]).toHaveAttribute('href', 'https://a.io/99');
    expect(screen.queryByText('link 100')).not.toBeInTheDocument();
  }, 60_000);

  it('shows every link of a Stage with fewer than 100', async () => {
    expect(await openMenu(3)).toHaveLength(3);
  });
});
