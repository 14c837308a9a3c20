import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  FreightOption,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { staleStaging } from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { PromoteButton } from '../PromoteButton';

const OLD = 'a314de4c0ffee0000000000000000000000000a1';
const NEW = 'fe2decc0ffee00000000000000000000000000b2';
const REPO = 'https://github.com/acme/checkout-deploy';

const base = {
  origin: 'Warehouse/checkout',
  createdAt: null,
  available: true,
  reason: 'Verified in dev',
  approved: false,
};
const current: FreightOption = {
  ...base,
  name: 'f1',
  alias: 'brave-otter',
  current: true,
  artifacts: {
    commits: [
      {
        repoURL: REPO,
        id: OLD,
        message: 'checkout: release v1.6.0',
        url: `${REPO}/commit/${OLD}`,
      },
    ],
    images: [{ repoURL: 'ghcr.io/acme/checkout', tag: 'v1.6.0', digest: null }],
    charts: [],
  },
};
const candidate: FreightOption = {
  ...base,
  name: 'f2',
  alias: 'calm-heron',
  current: false,
  changes: [
    {
      kind: 'image',
      repository: 'ghcr.io/acme/checkout',
      from: 'v1.6.0',
      to: 'v1.8.0',
      compareUrl: null,
    },
    {
      kind: 'commit',
      repository: REPO,
      from: OLD,
      to: NEW,
      compareUrl: `${REPO}/compare/${OLD}...${NEW}`,
    },
    {
      kind: 'chart',
      repository: 'oci://charts/checkout',
      from: null,
      to: '2.0.0',
      compareUrl: null,
    },
  ],
};
const stage: StageDetail = {
  ...staleStaging,
  freightOptions: [candidate, current],
};

async function openPromote(german = false) {
  const { Wrapper } = createTestApis(
    german ? { extraApis: germanApis() } : undefined,
  );
  await renderInTestApp(
    <Wrapper>
      <PromoteButton stage={stage} />
    </Wrapper>,
  );
  const name = german ? 'Promoten' : 'Promote';
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

describe('FreightChanges in the Promote dialog', () => {
  it("says what promoting a Freight changes from the Stage's current one: image a -> b, the commit range with GitHub's compare page, a new chart", async () => {
    await openPromote();
    const changes = screen.getByRole('list', {
      name: 'What promoting calm-heron changes',
    });
    expect(
      within(changes).getByText('ghcr.io/acme/checkout: v1.6.0 → v1.8.0'),
    ).toBeVisible();
    expect(changes).toHaveTextContent(`${REPO}: a314de4 → fe2decc compare`);
    expect(
      within(changes).getByRole('link', { name: /^compare/ }),
    ).toHaveAttribute('href', `${REPO}/compare/${OLD}...${NEW}`);
    expect(
      within(changes).getByText('oci://charts/checkout: 2.0.0 (new)'),
    ).toBeVisible();
  });

  it('shows what the current Freight holds: the commit linked on its host with its message, and the image', async () => {
    await openPromote();
    const contents = screen.getByRole('list', {
      name: 'What the Freight holds',
    });
    expect(
      within(contents).getByRole('link', { name: /^a314de4/ }),
    ).toHaveAttribute('href', `${REPO}/commit/${OLD}`);
    expect(contents).toHaveTextContent('checkout: release v1.6.0');
    expect(contents).toHaveTextContent('ghcr.io/acme/checkout:v1.6.0');
  });

  it('speaks German', async () => {
    await openPromote(true);
    const changes = screen.getByRole('list', {
      name: 'Was das Promoten von calm-heron ändert',
    });
    expect(
      within(changes).getByRole('link', { name: /^vergleichen/ }),
    ).toBeVisible();
    expect(changes).toHaveTextContent('oci://charts/checkout: 2.0.0 (neu)');
  });
});
