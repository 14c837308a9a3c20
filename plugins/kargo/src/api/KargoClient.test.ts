import {
  mockApis,
  MockFetchApi,
  registerMswTestHooks,
} from '@backstage/test-utils';
import { ResponseError } from '@backstage/errors';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { KargoClient } from './KargoClient';

const server = setupServer();
registerMswTestHooks(server);

const base = 'http://backstage.test/api/kargo';

function client() {
  return new KargoClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: new MockFetchApi(),
  });
}

describe('KargoClient', () => {
  it('reads the Stages of an entity, lower-casing the kind', async () => {
    let seen = '';
    server.use(
      http.get(
        `${base}/entities/:kind/:namespace/:name/stages`,
        ({ request }) => {
          seen = new URL(request.url).pathname;
          return HttpResponse.json({
            items: [],
            errors: [],
            lastUpdated: null,
            stale: false,
          });
        },
      ),
    );
    const res = await client().getEntityStages(
      'Component:default/checkout-service',
    );
    expect(res.items).toEqual([]);
    expect(seen).toBe(
      '/api/kargo/entities/component/default/checkout-service/stages',
    );
  });

  it('encodes every path segment and passes the instance', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${base}/projects/:project/stages/:stage`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ name: 'x' });
      }),
    );
    await client().getStage({
      project: 'a/b',
      stage: 'c d',
      instance: 'prod&x',
    });
    expect(url?.pathname).toBe('/api/kargo/projects/a%2Fb/stages/c%20d');
    expect(url?.searchParams.get('instance')).toBe('prod&x');
  });

  it('fetches an AnalysisRun', async () => {
    server.use(
      http.get(`${base}/projects/checkout/analysis-runs/run-1`, () =>
        HttpResponse.json({ name: 'run-1', phase: 'Failed' }),
      ),
    );
    const run = await client().getAnalysisRun({
      project: 'checkout',
      name: 'run-1',
    });
    expect(run.phase).toBe('Failed');
  });

  it('posts reverify and abort requests', async () => {
    const calls: string[] = [];
    server.use(
      http.post(
        `${base}/projects/checkout/stages/staging/reverify`,
        ({ request }) => {
          calls.push(`${request.method} reverify`);
          return HttpResponse.json({ id: 'v-1' }, { status: 202 });
        },
      ),
      http.post(
        `${base}/projects/checkout/stages/staging/abort-verification`,
        ({ request }) => {
          calls.push(`${request.method} abort`);
          return new HttpResponse(null, { status: 202 });
        },
      ),
    );
    const res = await client().reverify({
      project: 'checkout',
      stage: 'staging',
    });
    await client().abortVerification({ project: 'checkout', stage: 'staging' });
    expect(res).toEqual({ id: 'v-1' });
    expect(calls).toEqual(['POST reverify', 'POST abort']);
  });

  it('posts an abort of a Promotion of the Stage', async () => {
    let url: URL | undefined;
    server.use(
      http.post(
        `${base}/projects/:project/stages/:stage/promotions/:promotion/abort`,
        ({ request }) => {
          url = new URL(request.url);
          return HttpResponse.json(
            { promotion: 'uat.01j.abc' },
            { status: 202 },
          );
        },
      ),
    );
    const res = await client().abortPromotion({
      project: 'payments',
      stage: 'uat',
      promotion: 'uat.01j.abc',
      instance: 'sandbox',
    });
    expect(res).toEqual({ promotion: 'uat.01j.abc' });
    expect(url?.pathname).toBe(
      '/api/kargo/projects/payments/stages/uat/promotions/uat.01j.abc/abort',
    );
    expect(url?.searchParams.get('instance')).toBe('sandbox');
  });

  it('throws a ResponseError carrying the backend message', async () => {
    server.use(
      http.post(`${base}/projects/checkout/stages/staging/reverify`, () =>
        HttpResponse.json(
          {
            error: {
              name: 'ConflictError',
              message: 'verification is still running',
            },
            request: {
              method: 'POST',
              url: '/api/kargo/projects/checkout/stages/staging/reverify',
            },
            response: { statusCode: 409 },
          },
          { status: 409 },
        ),
      ),
    );
    const err = await client()
      .reverify({ project: 'checkout', stage: 'staging' })
      .catch(e => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.response.status).toBe(409);
    expect(err.body.error.message).toBe('verification is still running');
    expect(err.cause.message).toBe('verification is still running');
  });

  describe("the person's Kargo token", () => {
    const kargoAuthApi = {
      getWriteIdentity: jest.fn(),
      getIdToken: jest.fn(async (instance?: string) =>
        instance === 'sandbox' ? 'id-token-of-alice' : undefined,
      ),
    };
    const authClient = () =>
      new KargoClient({
        discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
        fetchApi: new MockFetchApi(),
        kargoAuthApi,
      });

    it('goes with every write, in Backstage-Kargo-Authorization, and never with a read', async () => {
      const seen: Array<[string, string | null]> = [];
      const record = (name: string) =>
        (({ request }: { request: Request }) => {
          seen.push([
            name,
            request.headers.get('Backstage-Kargo-Authorization'),
          ]);
          return name === 'abortVerification'
            ? new HttpResponse(null, { status: 202 })
            : HttpResponse.json(
                name === 'read'
                  ? { name: 'staging' }
                  : { id: 'x', promotion: 'p' },
                { status: name === 'read' ? 200 : 202 },
              );
        }) as any;
      const stagePath = `${base}/projects/checkout/stages/staging`;
      server.use(
        http.get(stagePath, record('read')),
        http.get(
          `${base}/entities/:kind/:namespace/:name/stages`,
          record('read'),
        ),
        http.get(
          `${base}/projects/checkout/analysis-runs/run-1`,
          record('read'),
        ),
        http.post(`${stagePath}/reverify`, record('reverify')),
        http.post(
          `${stagePath}/abort-verification`,
          record('abortVerification'),
        ),
        http.post(`${stagePath}/promote`, record('promote')),
        http.post(`${stagePath}/promotions/p/abort`, record('abortPromotion')),
      );
      const c = authClient();
      const stage = {
        project: 'checkout',
        stage: 'staging',
        instance: 'sandbox',
      };
      await c.getStage(stage);
      await c.getEntityStages('component:default/checkout-service');
      await c.getAnalysisRun({
        project: 'checkout',
        name: 'run-1',
        instance: 'sandbox',
      });
      await c.reverify(stage);
      await c.abortVerification(stage);
      await c.promote({ ...stage, freight: 'f1' });
      await c.abortPromotion({ ...stage, promotion: 'p' });
      expect(seen).toEqual([
        ['read', null],
        ['read', null],
        ['read', null],
        ['reverify', 'Bearer id-token-of-alice'],
        ['abortVerification', 'Bearer id-token-of-alice'],
        ['promote', 'Bearer id-token-of-alice'],
        ['abortPromotion', 'Bearer id-token-of-alice'],
      ]);
      expect(kargoAuthApi.getIdToken).toHaveBeenCalledWith('sandbox');
    });

    it('is left out of a write when there is none (identity portal, no session)', async () => {
      let header: string | null = 'unset';
      server.use(
        http.post(
          `${base}/projects/checkout/stages/staging/reverify`,
          ({ request }) => {
            header = request.headers.get('Backstage-Kargo-Authorization');
            return HttpResponse.json({ id: 'v-1' }, { status: 202 });
          },
        ),
      );
      await authClient().reverify({
        project: 'checkout',
        stage: 'staging',
        instance: 'production',
      });
      expect(header).toBeNull();
    });
  });
});
