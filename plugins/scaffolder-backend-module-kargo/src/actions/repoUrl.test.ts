import { mockServices } from '@backstage/backend-test-utils';
import { ScmIntegrations } from '@backstage/integration';
import { toRepositoryUrl } from './repoUrl';

const integrations = ScmIntegrations.fromConfig(
  mockServices.rootConfig({
    data: {
      integrations: {
        gitlab: [
          {
            host: 'gitlab.example.com',
            token: 't',
            apiBaseUrl: 'https://gitlab.example.com/api/v4',
          },
        ],
      },
    },
  }),
);

describe('toRepositoryUrl', () => {
  it.each([
    [
      'github.com?owner=acme&repo=checkout-deploy',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'gitlab.example.com?owner=payments&repo=deploy',
      'https://gitlab.example.com/payments/deploy',
    ],
    [
      'gitlab.example.com?owner=group/sub&repo=deploy',
      'https://gitlab.example.com/group/sub/deploy',
    ],
    [
      'https://GitHub.com/acme/checkout-deploy.git',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'https://gitlab.example.com/payments/deploy/',
      'https://gitlab.example.com/payments/deploy',
    ],
  ])('reads %s as %s', (input, expected) => {
    expect(toRepositoryUrl(input, integrations)).toBe(expected);
  });

  it.each([
    ['github.com?repo=checkout-deploy', /missing required parameter|owner/i],
    [
      'unknown.example.com?owner=a&repo=b',
      /No matching integration configuration for host unknown.example.com/,
    ],
    ['https://github.com/acme', /expected https:\/\/<host>\/<owner>\/<repo>/],
    ['ssh://git@github.com/acme/checkout-deploy', /expected https/],
  ])('rejects %s with an InputError', (input, message) => {
    expect(() => toRepositoryUrl(input, integrations)).toThrow(
      expect.objectContaining({
        name: 'InputError',
        message: expect.stringMatching(message),
      }),
    );
  });
});
