import { ConfigReader } from '@backstage/config';
import { readKargoConfig } from './config';

const read = (kargo: unknown) =>
  readKargoConfig(new ConfigReader({ kargo } as any));
const instance = {
  name: 'sandbox',
  url: 'http://127.0.0.1:7008/',
  serviceAccountToken: 'tok',
};

describe('readKargoConfig', () => {
  it("reads an instance's Argo CD URL (argocd.url), and refuses one that is no URL", () => {
    expect(
      read({
        instances: [
          { ...instance, argocd: { url: 'https://argocd.example.com/' } },
        ],
      }).instances[0].argocdUrl,
    ).toMatch(/^https:\/\/argocd\.example\.com\/?$/);
    expect(() =>
      read({ instances: [{ ...instance, argocd: { url: 'not a url' } }] }),
    ).toThrow(/argocd\.url/);
  });

  it('reads instances with defaults', () => {
    const config = read({ instances: [instance] });
    expect(config.instances).toEqual([
      {
        name: 'sandbox',
        url: 'http://127.0.0.1:7008',
        authProvider: 'serviceAccount',
        serviceAccountToken: 'tok',
        kubeconfig: undefined,
        caData: undefined,
        caFile: undefined,
        skipTLSVerify: false,
        kargoUrl: null,
        argocdUrl: null,
        api: undefined,
        writes: 'none',
      },
    ]);
  });

  it('reads kubeconfig and in-cluster instances without a token', () => {
    const config = read({
      instances: [
        {
          name: 'a',
          authProvider: 'kubeconfig',
          kubeconfig: { path: '/k', context: 'c' },
        },
        {
          name: 'b',
          authProvider: 'inCluster',
          kargoUrl: 'https://kargo.example.com',
        },
      ],
    });
    expect(config.instances[0].kubeconfig).toEqual({
      path: '/k',
      context: 'c',
    });
    expect(config.instances[1].kargoUrl).toBe('https://kargo.example.com');
  });

  it.each([
    [undefined, 'kargo.instances must list at least one Kargo instance'],
    [
      { instances: [] },
      'kargo.instances must list at least one Kargo instance',
    ],
    [
      { instances: [instance, instance] },
      "the name 'sandbox' is used more than once",
    ],
    [
      { instances: [{ ...instance, url: undefined }] },
      "kargo.instances[0].url is required (instance 'sandbox')",
    ],
    [
      { instances: [{ ...instance, url: 'not a url' }] },
      'kargo.instances[0].url must be an absolute http(s) URL',
    ],
    [
      { instances: [{ ...instance, name: 'Bad_Name' }] },
      "kargo.instances[0].name 'Bad_Name' is invalid",
    ],
    [
      { instances: [{ ...instance, name: 'a/b' }] },
      "kargo.instances[0].name 'a/b' is invalid",
    ],
    [
      { instances: [{ url: 'http://x' }] },
      'kargo.instances[0].name is required',
    ],
    [
      { instances: [{ ...instance, serviceAccountToken: undefined }] },
      'kargo.instances[0].serviceAccountToken is required',
    ],
    [
      { instances: [{ ...instance, authProvider: 'aws' }] },
      'kargo.instances[0].authProvider must be one of',
    ],
    [
      { instances: [{ ...instance, kubeconfig: { path: '/k' } }] },
      'kargo.instances[0].kubeconfig is only read with authProvider kubeconfig',
    ],
    [
      { instances: [{ ...instance, caData: 'x', caFile: '/ca' }] },
      'kargo.instances[0]: set caData or caFile, not both',
    ],
  ])('fails fast on %j', (kargo, message) => {
    expect(() => read(kargo)).toThrow(message);
  });

  it('never puts the token in an error message', () => {
    expect(() =>
      read({
        instances: [
          { ...instance, name: 'BAD', serviceAccountToken: 'supersecret' },
        ],
      }),
    ).toThrow(/^(?!.*supersecret)/);
  });
});
