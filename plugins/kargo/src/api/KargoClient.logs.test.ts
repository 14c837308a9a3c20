import {
  mockApis,
  MockFetchApi,
  registerMswTestHooks,
} from '@backstage/test-utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { KargoClient } from './KargoClient';
import type { KargoLogEvent } from './KargoApi';

const server = setupServer();
registerMswTestHooks(server);

const base = 'http://backstage.test/api/kargo';
const LOGS = `${base}/projects/checkout/analysis-runs/staging.01j.abc/logs`;

function client() {
  return new KargoClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: new MockFetchApi(),
    kargoAuthApi: {
      getIdToken: jest.fn(async () => 'id-token-of-alice'),
    } as any,
  });
}

const request = {
  project: 'checkout',
  name: 'staging.01j.abc',
  instance: 'sandbox',
  metric: 'checkout-smoke-test',
  container: 'proxy',
};

async function collect(events: AsyncIterable<KargoLogEvent>) {
  const out: KargoLogEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('KargoClient.streamAnalysisRunLogs', () => {
  it('streams the log as the person, with the metric, container and instance asked for', async () => {
    let seen: { url: string; token: string | null } | undefined;
    server.use(
      http.get(LOGS, ({ request: r }) => {
        seen = {
          url: r.url,
          token: r.headers.get('Backstage-Kargo-Authorization'),
        };
        return new HttpResponse(
          'data: line 1\ndata: line 2\ndata: \n\nevent: kargo-stream-broken\ndata: the log stream from Kargo broke\n\n',
          { headers: { 'content-type': 'text/event-stream' } },
        );
      }),
    );
    const events = await collect(
      client().streamAnalysisRunLogs(request, new AbortController().signal),
    );
    expect(events).toEqual([
      { type: 'text', text: 'line 1\nline 2\n' },
      { type: 'broken' },
    ]);
    expect(seen).toEqual({
      url: `${LOGS}?metric=checkout-smoke-test&container=proxy&instance=sandbox`,
      token: 'Bearer id-token-of-alice',
    });
  });

  it("throws the backend's refusal before any event", async () => {
    server.use(
      http.get(LOGS, () =>
        HttpResponse.json(
          {
            error: { name: 'NotFoundError', message: 'AnalysisRun not found' },
            request: { method: 'GET', url: '/x' },
            response: { statusCode: 404 },
          },
          { status: 404 },
        ),
      ),
    );
    await expect(
      collect(
        client().streamAnalysisRunLogs(request, new AbortController().signal),
      ),
    ).rejects.toMatchObject({
      name: 'ResponseError',
      body: { error: { message: 'AnalysisRun not found' } },
    });
  });
});
