import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { loadDocsExample } from '@kargo-backstage/kargo-sandbox';
import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import { readKargoConfig } from '../config';
import { DefaultKargoService } from '../DefaultKargoService';

const cluster = {
  name: 'prod',
  url: 'https://k8s.example.com',
  serviceAccountToken: 'sa-token',
};
const read = (instance: object) =>
  readKargoConfig(
    new ConfigReader({ kargo: { instances: [{ ...cluster, ...instance }] } }),
  ).instances[0];

describe('kargo.instances[].api and writes', () => {
  it('defaults to writes as the person through the API when api is set, and refuses writes without it', () => {
    expect(
      read({
        api: { url: 'https://kargo.example.com/', authProvider: 'oidc' },
      }),
    ).toMatchObject({
      api: {
        url: 'https://kargo.example.com',
        identity: 'user',
        authProvider: 'oidc',
        skipTLSVerify: false,
        authorizeReads: false,
      },
      writes: 'kargoApi',
    });
    expect(read({}).writes).toBe('none');
    expect(read({ writes: 'kubernetes' })).toMatchObject({
      api: undefined,
      writes: 'kubernetes',
    });
  });

  it.each([
    [
      { api: { authProvider: 'oidc' } },
      'kargo.instances[0].api.url is required',
    ],
    [
      { api: { url: 'kargo.example.com', authProvider: 'oidc' } },
      'kargo.instances[0].api.url must be an absolute http(s) URL',
    ],
    [
      { api: { url: 'https://k', identity: 'robot' } },
      "kargo.instances[0].api.identity must be one of user, portal, got 'robot'",
    ],
    [
      { api: { url: 'https://k' } },
      'kargo.instances[0].api.authProvider is required with identity user',
    ],
    [
      { api: { url: 'https://k', identity: 'portal' } },
      'kargo.instances[0].api.token is required with identity portal',
    ],
    [
      {
        api: {
          url: 'https://k',
          identity: 'portal',
          token: 't',
          authorizeReads: true,
        },
      },
      'kargo.instances[0].api.authProvider is required with authorizeReads',
    ],
    [
      { writes: 'kargoApi' },
      'kargo.instances[0].writes is kargoApi but the instance has no api block',
    ],
    [
      { writes: 'always' },
      "kargo.instances[0].writes must be one of kargoApi, kubernetes, got 'always'",
    ],
  ])('refuses %j at startup: %s', (instance, message) => {
    expect(() => read(instance)).toThrow(message);
  });

  it('never puts the token in a startup error', () => {
    expect(() =>
      read({ api: { url: 'not a url', token: 'portal-secret-123' } }),
    ).toThrow(
      expect.objectContaining({
        message: expect.not.stringContaining('portal-secret-123'),
      }),
    );
  });

  it.each([
    ['kargo-api-user', 'kargoApi', 'user'],
    ['kargo-api-portal', 'kargoApi', 'portal'],
    ['kargo-writes-kubernetes', 'kubernetes', undefined],
  ])('reads the documented example %s', async (name, writes, identity) => {
    const data = await loadDocsExample(name, {
      env: new Proxy({} as Record<string, string>, {
        get: (_, key) => `value-of-${String(key)}`,
      }),
    });
    const instance = readKargoConfig(new ConfigReader(data)).instances[0];
    expect(instance.writes).toBe(writes);
    expect(instance.api?.identity).toBe(identity);
  });

  it('reads the documented example kargo-api-authorize-reads', async () => {
    const data = await loadDocsExample('kargo-api-authorize-reads', {
      env: new Proxy({} as Record<string, string>, {
        get: (_, key) => `value-of-${String(key)}`,
      }),
    });
    const api = readKargoConfig(new ConfigReader(data)).instances[0].api;
    expect(api).toMatchObject({ authorizeReads: true, authProvider: 'oidc' });
  });
});

describe('KargoService.kargoApi and writeMode', () => {
  const service = DefaultKargoService.fromConfig({
    config: new ConfigReader({
      kargo: {
        instances: [
          {
            ...cluster,
            api: { url: 'https://kargo.example.com', authProvider: 'oidc' },
          },
          { ...cluster, name: 'legacy', writes: 'kubernetes' },
          { ...cluster, name: 'readonly' },
        ],
      },
    }),
    logger: mockServices.logger.mock(),
    pullRequests: {} as never,
  });

  it("gives each instance's client and write mode, the first instance by default", () => {
    expect(service.kargoApi().instance).toBe('prod');
    expect(service.kargoApi('prod').authProvider).toBe('oidc');
    expect(service.writeMode()).toBe('kargoApi');
    expect(service.writeMode('legacy')).toBe('kubernetes');
    expect(service.writeMode('readonly')).toBe('none');
  });

  it('refuses an instance without api (503, kargoApiNotConfigured) and an unknown one (400)', () => {
    for (const name of ['legacy', 'readonly']) {
      let error: unknown;
      try {
        service.kargoApi(name);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ name: 'ServiceUnavailableError' });
      expect(reasonOf(error)).toEqual({
        code: 'kargoApiNotConfigured',
        params: { instance: name },
      });
    }
    expect(() => service.kargoApi('nope')).toThrow(
      expect.objectContaining({ name: 'InputError' }),
    );
    expect(() => service.writeMode('nope')).toThrow(
      "Unknown Kargo instance 'nope'",
    );
  });

  it('warns at startup when people’s ID tokens would cross the network unencrypted', () => {
    const logger = mockServices.logger.mock();
    DefaultKargoService.fromConfig({
      config: new ConfigReader({
        kargo: {
          instances: [
            {
              ...cluster,
              api: { url: 'http://kargo.internal', authProvider: 'oidc' },
            },
          ],
        },
      }),
      logger,
      pullRequests: {} as never,
    });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining("reaches Kargo's API over plain HTTP"),
    );
  });
});
