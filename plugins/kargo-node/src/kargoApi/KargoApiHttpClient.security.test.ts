/**
 * The token is a bearer credential: these tests run the client against real
 * HTTP(S) servers (Node's own fetch, redirects and TLS as in production) and
 * look for the token everywhere it must not be.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { startSandbox } from '@kargo-backstage/kargo-sandbox';
import { DefaultKargoService } from '../DefaultKargoService';
import { ID_TOKEN, PORTAL_TOKEN, apiClient } from './__testUtils__/fixtures';

jest.setTimeout(30_000);

interface Seen {
  url: string;
  authorization?: string;
}

async function startServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url!, authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    stop: () =>
      new Promise(r => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Everything of an error that could reach a log, a response or a trace. */
function everythingOf(error: unknown): string {
  const e = error as Error;
  return [
    e.message,
    e.stack,
    JSON.stringify(e),
    inspect(e, { depth: 10, showHidden: true }),
    inspect(e.cause, { depth: 10, showHidden: true }),
  ].join('\n');
}

describe('KargoApiHttpClient: where the token may go', () => {
  const servers: Array<{ stop(): Promise<unknown> }> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(s => s.stop()));
  });

  it('does not follow a redirect to another host: the token never leaves for it', async () => {
    const elsewhere = await startServer((_, res) => json(res, 200, {}));
    const kargo = await startServer((_, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/steal` });
      res.end();
    });
    servers.push(elsewhere, kargo);
    const client = apiClient({ url: `${kargo.url}/api` });

    for (const identity of [
      { type: 'user', idToken: ID_TOKEN } as const,
      { type: 'portal' } as const,
    ]) {
      const error = await client
        .reverify('checkout', 'prod', identity)
        .catch(e => e);
      expect(error).toMatchObject({
        name: 'ServiceUnavailableError',
        code: 'kargoApiUnavailable',
        params: {
          instance: 'prod-cluster',
          message: 'HTTP 307 redirect, not followed',
        },
      });
    }
    expect(kargo.seen).toHaveLength(2);
    expect(elsewhere.seen).toEqual([]);
  });

  it('keeps the token out of every error, its cause and the log, whatever Kargo or a proxy echoes', async () => {
    const logger = mockServices.logger.mock();
    const errors: unknown[] = [];
    for (const status of [400, 401, 403, 404, 409, 500, 502]) {
      // Kargo, or a proxy in front of it, quoting the request's credentials.
      const kargo = await startServer((req, res) =>
        json(res, status, {
          error: `denied ${req.headers.authorization} (token ${ID_TOKEN} ${PORTAL_TOKEN})`,
        }),
      );
      servers.push(kargo);
      const client = apiClient({ url: kargo.url }, { logger });
      errors.push(
        await client
          .promote(
            'checkout',
            'prod',
            { freight: 'f1' },
            { type: 'user', idToken: ID_TOKEN },
          )
          .catch(e => e),
        await client
          .abortPromotion('checkout', 'p1', { type: 'portal' })
          .catch(e => e),
      );
    }
    // No answer at all: a closed port, then a timeout.
    const closed = await startServer(() => {});
    await closed.stop();
    errors.push(
      await apiClient({ url: closed.url }, { logger })
        .reverify('checkout', 'prod', { type: 'user', idToken: ID_TOKEN })
        .catch(e => e),
    );
    const silent = await startServer(() => {});
    servers.push(silent);
    const timedOut = await apiClient(
      { url: silent.url },
      { logger, timeoutMs: 300 },
    )
      .reverify('checkout', 'prod', { type: 'user', idToken: ID_TOKEN })
      .catch(e => e);
    expect(timedOut.params.message).toBe('no answer within 300 ms');
    errors.push(timedOut);

    expect(errors).toHaveLength(16);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      const text = everythingOf(error);
      expect(text).not.toContain(ID_TOKEN);
      expect(text).not.toContain(PORTAL_TOKEN);
    }
    // Kargo's words are kept, the credentials in them are not.
    expect((errors[4] as Error).message).toContain('denied Bearer [redacted]');
    const logged = JSON.stringify(
      Object.values(logger).flatMap(fn =>
        jest.isMockFunction(fn) ? fn.mock.calls : [],
      ),
    );
    expect(logged).toContain('/v1beta1/projects/checkout');
    expect(logged).not.toContain(ID_TOKEN);
    expect(logged).not.toContain(PORTAL_TOKEN);
    // Nor does the client itself show it.
    const client = apiClient();
    expect(inspect(client, { showHidden: true, depth: 10 })).not.toContain(
      PORTAL_TOKEN,
    );
    expect(JSON.stringify(client)).not.toContain(PORTAL_TOKEN);
  });

  it("two instances never mix tokens: each instance's token goes to its own API only", async () => {
    const a = await startServer((_, res) => res.end());
    const b = await startServer((_, res) => res.end());
    servers.push(a, b);
    const kargo = DefaultKargoService.fromConfig({
      config: new ConfigReader({
        kargo: {
          instances: [
            {
              name: 'a',
              url: 'https://k8s-a.example.com',
              serviceAccountToken: 'sa-a',
              api: {
                url: a.url,
                identity: 'portal',
                token: 'portal-token-of-a',
              },
            },
            {
              name: 'b',
              url: 'https://k8s-b.example.com',
              serviceAccountToken: 'sa-b',
              api: {
                url: b.url,
                identity: 'portal',
                token: 'portal-token-of-b',
              },
            },
          ],
        },
      }),
      logger: mockServices.logger.mock(),
      pullRequests: {} as never,
    });
    await kargo.kargoApi('a').reverify('checkout', 'prod', { type: 'portal' });
    await kargo.kargoApi('b').reverify('checkout', 'prod', { type: 'portal' });
    await kargo
      .kargoApi('a')
      .abortVerification('checkout', 'prod', { type: 'portal' });
    expect(a.seen.map(s => s.authorization)).toEqual([
      'Bearer portal-token-of-a',
      'Bearer portal-token-of-a',
    ]);
    expect(b.seen.map(s => s.authorization)).toEqual([
      'Bearer portal-token-of-b',
    ]);
  });
});

describe('KargoApiHttpClient: TLS of its own instance', () => {
  it('trusts the CA in caData, refuses an unknown certificate, and skips verification only when told', async () => {
    const sandbox = await startSandbox({ https: true, controller: false });
    try {
      const url = sandbox.httpsUrl!;
      // Any answer of the HTTPS server proves the TLS handshake succeeded.
      const answered = expect.objectContaining({ code: 'kargoNotFound' });
      await expect(
        apiClient({ url, caData: sandbox.caData }).getPublicServerConfig(),
      ).rejects.toEqual(answered);
      await expect(
        apiClient({ url, skipTLSVerify: true }).getPublicServerConfig(),
      ).rejects.toEqual(answered);
      const untrusted = await apiClient({ url })
        .getPublicServerConfig()
        .catch(e => e);
      expect(untrusted).toMatchObject({ code: 'kargoApiUnavailable' });
      expect(untrusted.params.message).toMatch(
        /^cannot connect \(.*(CERT|SELF_SIGNED|UNABLE_TO).*\)$/,
      );
    } finally {
      await sandbox.stop();
    }
  });
});
