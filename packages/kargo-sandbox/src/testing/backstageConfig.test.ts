import { sandboxBackstageConfig } from './backstageConfig';

const sandbox = {
  url: 'http://127.0.0.1:1234',
  githubApiUrl: 'http://127.0.0.1:1234/github/api/v3',
  gitlabUrl: 'http://127.0.0.1:1234/gitlab',
  bitbucketApiUrl: 'http://127.0.0.1:1234/bitbucket/2.0',
};

describe('sandboxBackstageConfig', () => {
  it('points the kargo instance and the three integrations at the sandbox with the demo tokens', () => {
    expect(sandboxBackstageConfig(sandbox)).toEqual({
      kargo: {
        instances: [
          {
            name: 'sandbox',
            url: 'http://127.0.0.1:1234',
            serviceAccountToken: 'sandbox-admin-token',
          },
        ],
      },
      integrations: {
        github: [
          {
            host: 'github.com',
            apiBaseUrl: 'http://127.0.0.1:1234/github/api/v3',
            token: 'sandbox-github-token',
          },
        ],
        gitlab: [
          {
            host: 'gitlab.example.com',
            baseUrl: 'http://127.0.0.1:1234/gitlab',
            apiBaseUrl: 'http://127.0.0.1:1234/gitlab/api/v4',
            token: 'sandbox-gitlab-token',
          },
        ],
        bitbucketCloud: [
          {
            apiBaseUrl: 'http://127.0.0.1:1234/bitbucket/2.0',
            token: 'sandbox-bitbucket-token',
          },
        ],
      },
    });
  });

  it('takes another instance name, token and Kargo UI link', () => {
    const config = sandboxBackstageConfig(sandbox, {
      instanceName: 'staging',
      serviceAccountToken: 'sandbox-readonly-token',
      kargoUrl: 'http://kargo.example.com',
    });
    expect(config.kargo.instances).toEqual([
      {
        name: 'staging',
        url: 'http://127.0.0.1:1234',
        serviceAccountToken: 'sandbox-readonly-token',
        kargoUrl: 'http://kargo.example.com',
      },
    ]);
  });
});
