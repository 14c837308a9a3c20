import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import { HttpResponse } from 'msw';
import { apiClient, ID_TOKEN } from './__testUtils__/fixtures';
import { mockKargoApi } from './__testUtils__/mockKargoApi';

const kargo = mockKargoApi();
const PERSON = { type: 'user', idToken: ID_TOKEN } as const;
const PORTAL = { type: 'portal' } as const;

describe("KargoApiHttpClient: Kargo's refusals, in Kargo's words", () => {
  const kargoSays = (status: number, error: string) =>
    kargo(() => HttpResponse.json({ error }, { status }));

  it.each([
    [
      400,
      'InputError',
      'kargoRejected',
      'exactly one of freight, freightAlias, or origin must be provided',
    ],
    [
      403,
      'NotAllowedError',
      'kargoForbidden',
      'stages.kargo.akuity.io "prod" is forbidden: User "email:bob@example.com" cannot promote resource "stages" in API group "kargo.akuity.io" in the namespace "checkout"',
    ],
    [
      404,
      'NotFoundError',
      'kargoNotFound',
      'Stage "prod" not found in project "checkout"',
    ],
    [
      409,
      'ConflictError',
      'kargoConflict',
      'Operation cannot be fulfilled on stages.kargo.akuity.io "prod": the object has been modified',
    ],
    [
      500,
      'ServiceUnavailableError',
      'kargoApiUnavailable',
      'internal server error',
    ],
  ])(
    "%i: %s with reason %s and Kargo's message",
    async (status, name, code, words) => {
      kargoSays(status, words);
      const error = await apiClient()
        .promote('checkout', 'prod', { freight: 'f0e1d2c3b4a5' }, PERSON)
        .catch(e => e);
      expect(error.name).toBe(name);
      expect(reasonOf(error)).toEqual({
        code,
        params: { instance: 'prod-cluster', message: words },
      });
      expect(error.message).toContain(words);
      expect(error.message).toContain("'prod-cluster'");
    },
  );

  it('a 401 to a person says sign in again (401); to the portal it is a setup problem (503)', async () => {
    kargoSays(401, 'invalid token');
    const person = await apiClient()
      .reverify('checkout', 'prod', PERSON)
      .catch(e => e);
    expect(person).toMatchObject({
      name: 'AuthenticationError',
      code: 'kargoSignInAgain',
      params: { instance: 'prod-cluster', message: 'invalid token' },
    });
    const portal = await apiClient()
      .reverify('checkout', 'prod', PORTAL)
      .catch(e => e);
    expect(portal).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'kargoApiTokenRejected',
    });
  });

  it("a proxy's error page is not quoted: the status stands in for Kargo's words", async () => {
    kargo(
      () =>
        new HttpResponse('<html>502 Bad Gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    await expect(
      apiClient().abortVerification('checkout', 'prod', PERSON),
    ).rejects.toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'kargoApiUnavailable',
      params: { instance: 'prod-cluster', message: 'HTTP 502' },
    });
  });
});

describe('KargoApiHttpClient: an api.url that is not Kargo', () => {
  it('says so when a 200 is not JSON (a web page), quoting none of it', async () => {
    kargo(
      () =>
        new HttpResponse('<html>Welcome to nginx</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await apiClient()
      .getPublicServerConfig()
      .catch(e => e);
    expect(error).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'kargoApiUnavailable',
      params: {
        instance: 'prod-cluster',
        message: 'an answer that is not JSON; check api.url',
      },
    });
    expect(error.message).not.toContain('nginx');
  });
});
