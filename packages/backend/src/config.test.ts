/**
 * The demo's app-config.yaml and every example of docs/configuration.md pass
 * Backstage's own schema validation over the config.d.ts of every package the
 * demo uses (what `backstage-cli config:check` does), and the schema refuses
 * what the docs do not allow, naming the key.
 */
import path from 'node:path';
import {
  ConfigSources,
  loadConfigSchema,
  type ConfigSchema,
} from '@backstage/config-loader';
import { docsExamples, loadDocsExample } from '@kargo-backstage/kargo-sandbox';
import type { JsonObject } from '@backstage/types';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../..');

// Every ${VAR} the examples use, with a plausible value.
const ENV: Record<string, string> = new Proxy({} as Record<string, string>, {
  get: (_, name) =>
    String(name) === 'GITHUB_APP_ID' ? '1234' : `value-of-${String(name)}`,
});

describe('configuration schema', () => {
  let schema: ConfigSchema;
  let demo: JsonObject;
  beforeAll(async () => {
    schema = await loadConfigSchema({ dependencies: ['backend', 'app'] });
    const config = await ConfigSources.toConfig(
      ConfigSources.default({
        rootDir: ROOT,
        argv: ['--config', path.join(ROOT, 'app-config.yaml')],
        env: {},
      }),
    );
    demo = config.get();
    config.close();
  });

  // An example is a fragment: it goes on top of the demo's config, as a
  // second app-config file would.
  const validate = (data: JsonObject, base: JsonObject[] = [demo]) =>
    schema.process(
      [...base, data].map((d, i) => ({ data: d, context: `config ${i}` })),
      { visibility: ['frontend', 'backend', 'secret'] },
    );

  it('accepts the demo app-config.yaml', () => {
    expect(() => validate(demo, [])).not.toThrow();
  });

  it('has the documented examples', () => {
    expect([...docsExamples().keys()]).toEqual(
      expect.arrayContaining([
        'service-account-ca-data',
        'service-account-ca-file',
        'service-account-skip-tls',
        'kubeconfig-context',
        'in-cluster',
        'two-instances',
        'github-com',
        'github-enterprise',
        'github-app',
        'gitlab-com',
        'gitlab-self-hosted',
        'gitlab-path-prefix',
        'kargo-api-user',
        'kargo-api-portal',
        'kargo-api-authorize-reads',
        'kargo-writes-kubernetes',
        'bitbucket-cloud-token',
        'bitbucket-cloud-app-password',
      ]),
    );
  });

  it.each([...docsExamples().keys()])(
    'accepts the documented example %s',
    async name => {
      const data = await loadDocsExample(name, { env: ENV });
      expect(() => validate(data)).not.toThrow();
    },
  );

  it('marks every Kargo credential secret: no view without secrets, the frontend least of all, holds one', () => {
    const credentials = {
      kargo: {
        instances: [
          {
            name: 'a',
            url: 'https://x',
            serviceAccountToken: 'sekret-sa-token',
            caData: 'sekret-ca-data',
            api: {
              url: 'https://k',
              token: 'sekret-api-token',
              caData: 'sekret-api-ca-data',
            },
          },
        ],
        signals: { channelKey: 'sekret-channel-key-0123456789abcdef' },
      },
    } as JsonObject;
    const seen = (visibility: Array<'frontend' | 'backend' | 'secret'>) =>
      JSON.stringify(
        schema.process(
          [
            { data: demo, context: 'demo' },
            { data: credentials, context: 'x' },
          ],
          { visibility },
        ),
      );
    expect(seen(['frontend'])).not.toContain('sekret');
    expect(seen(['frontend', 'backend'])).not.toContain('sekret');
    // The values are there for the backend that holds secrets.
    expect(
      seen(['frontend', 'backend', 'secret']).match(/sekret/g),
    ).toHaveLength(5);
  });

  it.each([
    [{ name: 'a', url: 'https://x', authProvider: 'aws' }, 'authProvider'],
    [{ name: 'a', url: 'https://x', skipTLSVerify: 'yes' }, 'skipTLSVerify'],
    [
      { name: 'a', url: 'https://x', kubeconfig: '/etc/kubeconfig' },
      'kubeconfig',
    ],
    [{ url: 'https://x' }, 'name'],
    [{ name: 'a', url: 'https://x', api: { identity: 'user' } }, 'url'],
    [
      {
        name: 'a',
        url: 'https://x',
        api: { url: 'https://k', identity: 'me' },
      },
      'identity',
    ],
    [{ name: 'a', url: 'https://x', writes: 'maybe' }, 'writes'],
  ])('refuses kargo.instances[0] = %j, naming %s', (instance, key) => {
    expect(() =>
      validate({ kargo: { instances: [instance] } } as JsonObject),
    ).toThrow(key);
  });
});
