import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import { HttpResponse } from 'msw';
import { apiClient, ID_TOKEN } from './__testUtils__/fixtures';
import { mockKargoApi } from './__testUtils__/mockKargoApi';

const kargo = mockKargoApi();
const PERSON = { type: 'user', idToken: ID_TOKEN } as const;

describe('KargoApiHttpClient.mayListStages: whether Kargo shows a project to a person', () => {
  it("asks Kargo's ListStages as the person, with a Warehouse filter no Stage matches (an empty answer however big the project)", async () => {
    const seen = kargo(() =>
      HttpResponse.json({ kind: 'StageList', metadata: {}, items: [] }),
    );
    await expect(apiClient().mayListStages('checkout', PERSON)).resolves.toBe(
      true,
    );
    expect(seen).toEqual([
      {
        method: 'GET',
        path: '/api/v1beta1/projects/checkout/stages?freightOrigins=-',
        authorization: `Bearer ${ID_TOKEN}`,
        contentType: null,
        body: '',
      },
    ]);
  });

  it.each([
    [403, 'stages.kargo.akuity.io is forbidden: list is not permitted'],
    [404, 'projects.kargo.akuity.io "checkout" not found'],
  ])('is false when Kargo answers %s', async (status, error) => {
    kargo(() => HttpResponse.json({ error }, { status }));
    await expect(apiClient().mayListStages('checkout', PERSON)).resolves.toBe(
      false,
    );
  });

  it("throws 'sign in again' for an expired token (401): no answer from Kargo is not a no", async () => {
    kargo(() => HttpResponse.json({ error: 'invalid token' }, { status: 401 }));
    const error = await apiClient()
      .mayListStages('checkout', PERSON)
      .catch(e => e);
    expect(error.name).toBe('AuthenticationError');
    expect(reasonOf(error)?.code).toBe('kargoSignInAgain');
  });

  it('refuses a project name that is not a Kubernetes name before any request', async () => {
    const seen = kargo(() => HttpResponse.json({ items: [] }));
    await expect(
      apiClient().mayListStages('../system', PERSON),
    ).rejects.toMatchObject({ name: 'InputError' });
    expect(seen).toEqual([]);
  });
});
