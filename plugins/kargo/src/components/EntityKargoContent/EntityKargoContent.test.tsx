import { ResponseError } from '@backstage/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entity } from '@backstage/catalog-model';
import {
  annotatedEntity,
  fakeKargoApi,
  plainEntity,
} from '../../__testUtils__/fakeApi';
import {
  brokenStage,
  entityResponse,
  prodWithOrphan,
  runningTest,
  staleStaging,
} from '../../__fixtures__/stages';
import { renderForEntity } from '../../__testUtils__/testApis';
import type { KargoApi } from '../../api';
import { formatDateTime } from '../../utils/format';
import { EntityKargoContent } from './EntityKargoContent';

function render(api: KargoApi, entity: Entity = annotatedEntity) {
  return renderForEntity(<EntityKargoContent />, { api, entity });
}

describe('EntityKargoContent', () => {
  it('shows progress while loading', async () => {
    await render(
      fakeKargoApi({ getEntityStages: () => new Promise(() => {}) }),
    );
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('names the missing annotation for an entity without it', async () => {
    const api = fakeKargoApi();
    await render(api, plainEntity);
    expect(screen.getByText('kargo.akuity.io/project')).toBeVisible();
    expect(api.getEntityStages).not.toHaveBeenCalled();
  });

  it('shows the backend error of a failed request', async () => {
    const error = await ResponseError.fromResponse(
      new Response(
        JSON.stringify({
          error: {
            name: 'ServiceUnavailableError',
            message: 'Kargo instance production is unreachable',
          },
          request: {
            method: 'GET',
            url: '/api/kargo/entities/component/default/checkout-service/stages',
          },
          response: { statusCode: 503 },
        }),
        { status: 503, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    await render(
      fakeKargoApi({ getEntityStages: jest.fn().mockRejectedValue(error) }),
    );
    expect(
      await screen.findByRole('heading', {
        name: /Kargo instance production is unreachable/,
      }),
    ).toBeVisible();
  });

  it('renders one section per Stage; a broken Stage and a failing project do not hide the others', async () => {
    const response = entityResponse(
      [staleStaging, brokenStage, prodWithOrphan],
      {
        errors: [
          {
            instance: 'production',
            project: 'payments',
            message: 'namespaces "payments" is forbidden',
          },
        ],
      },
    );
    await render(
      fakeKargoApi({ getEntityStages: jest.fn(async () => response) }),
    );
    const staging = await screen.findByRole('region', {
      name: 'checkout/staging',
    });
    expect(within(staging).getAllByText('Failed')).toHaveLength(3);
    expect(within(staging).getAllByText('Stale')).toHaveLength(3);
    const broken = screen.getByRole('region', { name: 'checkout/broken' });
    expect(
      within(broken).getByText(/unexpected freightHistory layout/),
    ).toBeVisible();
    expect(
      within(broken).getByText('GitHub answered 401 Bad credentials'),
    ).toBeVisible();
    const prod = screen.getByRole('region', { name: 'checkout/prod' });
    expect(within(prod).getByText('Orphaned')).toBeVisible();
    expect(
      screen.getByText(/Could not read Kargo project payments \(production\)/),
    ).toBeVisible();
    expect(screen.queryByText(/Kargo data is stale/)).not.toBeInTheDocument();
  });

  it('shows a banner with the last update time when the data is stale', async () => {
    const response = entityResponse([staleStaging], {
      stale: true,
      lastUpdated: '2026-11-30T09:15:00Z',
    });
    await render(
      fakeKargoApi({ getEntityStages: jest.fn(async () => response) }),
    );
    expect(
      await screen.findByText(
        `Kargo data is stale: last updated ${formatDateTime(
          '2026-11-30T09:15:00Z',
          'en',
        )}`,
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'checkout/staging' }),
    ).toBeVisible();
  });

  it('says so when the project has no Stages', async () => {
    await render(
      fakeKargoApi({
        getEntityStages: jest.fn(async () => entityResponse([])),
      }),
    );
    expect(await screen.findByText('No Kargo Stages')).toBeVisible();
  });

  it('names the instance in section titles when Stages come from several', async () => {
    const other = { ...runningTest, instance: 'staging-cluster' };
    await render(
      fakeKargoApi({
        getEntityStages: jest.fn(async () =>
          entityResponse([staleStaging, other]),
        ),
      }),
    );
    expect(
      await screen.findByRole('region', {
        name: 'checkout/staging (production)',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'payments/test (staging-cluster)' }),
    ).toBeVisible();
  });

  it('reverifies a Stage after confirmation and refreshes the page', async () => {
    const api = fakeKargoApi();
    const { alertApi } = await render(api);
    const staging = await screen.findByRole('region', {
      name: 'checkout/staging',
    });
    const button = within(staging).getByRole('button', { name: 'Reverify' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm reverify' }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Reverify requested for checkout/staging',
          severity: 'success',
        }),
      ),
    );
    expect(api.reverify).toHaveBeenCalledWith({
      project: 'checkout',
      stage: 'staging',
      instance: 'production',
    });
    await waitFor(() => expect(api.getEntityStages).toHaveBeenCalledTimes(2));
    expect(api.getEntityStages).toHaveBeenCalledWith(
      'component:default/checkout-service',
    );
  });

  it("leads with the pipeline and opens a Stage's details on demand when there are many", async () => {
    const names = ['dev', 'test', 'uat', 'prod'];
    const stages = names.map((name, i) => ({
      ...staleStaging,
      name,
      requestedFreight: [
        {
          origin: 'Warehouse/checkout',
          direct: i === 0,
          stages: i === 0 ? [] : [names[i - 1]],
          requiredSoakTime: null,
        },
      ],
    }));
    await render(
      fakeKargoApi({
        getEntityStages: jest.fn(async () => entityResponse(stages)),
      }),
    );
    const pipeline = await screen.findByRole('list', {
      name: 'Pipeline checkout',
    });
    expect(within(pipeline).getAllByRole('listitem')).toHaveLength(4);
    const prod = screen.getByRole('region', { name: 'checkout/prod' });
    const toggle = within(prod).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(prod).queryByRole('table')).not.toBeInTheDocument();

    await userEvent.click(
      within(pipeline).getByRole('button', {
        name: 'Show the details of prod',
      }),
    );
    await waitFor(() =>
      expect(
        within(prod).getByRole('button', { name: 'Hide details' }),
      ).toHaveAttribute('aria-expanded', 'true'),
    );
    expect(within(prod).getAllByRole('table').length).toBeGreaterThan(0);
  });
});
