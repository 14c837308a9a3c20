import { parseRepoUrl, withoutPathPrefix } from './parseRepoUrl';

const CHECKOUT = 'https://github.com/acme/checkout-deploy';

describe('parseRepoUrl', () => {
  it.each([
    ['an scp-like URL whose host the URL parser refuses', 'git@a<b:acme/app'],
    ['a malformed %-escape', 'https://github.com/acme/%E0%A4%A'],
  ])("refuses %s as the caller's input (InputError, not a crash)", (_, url) => {
    expect(() => parseRepoUrl(url)).toThrow(
      expect.objectContaining({
        name: 'InputError',
        message: expect.stringContaining('Invalid repository URL'),
      }),
    );
  });

  it.each([
    [CHECKOUT, CHECKOUT, 'acme/checkout-deploy'],
    [
      'https://GitHub.com/acme/checkout-deploy.git',
      CHECKOUT,
      'acme/checkout-deploy',
    ],
    [
      'https://github.com/acme/checkout-deploy/',
      CHECKOUT,
      'acme/checkout-deploy',
    ],
    [
      'git@github.com:acme/checkout-deploy.git',
      CHECKOUT,
      'acme/checkout-deploy',
    ],
    [
      'ssh://git@github.com/acme/checkout-deploy.git',
      CHECKOUT,
      'acme/checkout-deploy',
    ],
    [
      'https://gitlab.com/group/sub/project',
      'https://gitlab.com/group/sub/project',
      'group/sub/project',
    ],
    [
      'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
      'https://gitlab.example.com/payments/deploy',
      'payments/deploy',
    ],
    // Dot segments resolve before the cut at /-/, as normalizeRepoUrl
    // (every comparison of repositories) resolves them: never another repo.
    [
      'https://github.com/acme/edge-deploy/-/../../../acme/checkout-deploy',
      CHECKOUT,
      'acme/checkout-deploy',
    ],
    [
      'https://github.com/acme/edge-deploy/-/%2e%2e/%2e%2e/%2e%2e/acme/checkout-deploy',
      CHECKOUT,
      'acme/checkout-deploy',
    ],
    [
      'https://gitlab.example.com/payments/deploy.git/-/merge_requests/7',
      'https://gitlab.example.com/payments/deploy',
      'payments/deploy',
    ],
    // http stays http, as kargo-common's normalizeRepoUrl keeps it.
    [
      'http://127.0.0.1:7008/acme/repo',
      'http://127.0.0.1:7008/acme/repo',
      'acme/repo',
    ],
  ])('parses %s', (input, url, path) => {
    const parsed = parseRepoUrl(input);
    expect(parsed.url).toBe(url);
    expect(parsed.host).toBe(new URL(url).host);
    expect(parsed.path).toBe(path);
    expect(parsed.owner).toBe(path.split('/')[0]);
    expect(parsed.name).toBe(path.split('/').pop());
  });

  it.each([
    'not a url',
    'https://github.com/acme',
    'https://github.com/',
    'ftp://github.com/acme/repo',
    'https://github.com/acme/../repo',
    'https://github.com/${{ vars.repo }}',
  ])('rejects %s with InputError', input => {
    expect(() => parseRepoUrl(input)).toThrow(
      expect.objectContaining({ name: 'InputError' }),
    );
  });
});

describe('withoutPathPrefix', () => {
  const parsed = parseRepoUrl(
    'https://git.example.com/gitlab/group/sub/project',
  );

  it('strips the prefix of a GitLab under a path, keeping the full url', () => {
    expect(withoutPathPrefix(parsed, '/gitlab')).toEqual({
      host: 'git.example.com',
      path: 'group/sub/project',
      owner: 'group',
      name: 'project',
      url: 'https://git.example.com/gitlab/group/sub/project',
    });
  });

  it.each([
    ['', 'gitlab/group/sub/project'],
    ['/other', 'gitlab/group/sub/project'],
    ['/gitlab/group/sub', 'gitlab/group/sub/project'],
  ])('leaves a path outside the prefix %j as it is', (prefix, path) => {
    expect(withoutPathPrefix(parsed, prefix).path).toBe(path);
  });
});
