import fc from 'fast-check';
import {
  canonicalHttps,
  normalize,
  normalizeRepoUrl,
  parsePullRequestUrl,
} from './repoUrl';

describe('normalizeRepoUrl', () => {
  it.each([
    [
      'https://github.com/acme/checkout-deploy',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'https://github.com/acme/checkout-deploy.git',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'https://GitHub.com/acme/checkout-deploy/',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'https://token:x-oauth@github.com/acme/app.git?ref=main#frag',
      'https://github.com/acme/app',
    ],
    [
      'git@github.com:acme/checkout-deploy.git',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'ssh://git@github.com/acme/checkout-deploy.git',
      'https://github.com/acme/checkout-deploy',
    ],
    [
      'ssh://git@gitlab.example.com:2222/payments/deploy.git',
      'https://gitlab.example.com/payments/deploy',
    ],
    ['git+ssh://git@github.com/acme/app', 'https://github.com/acme/app'],
    [
      'git@gitlab.example.com:payments/platform/deploy.git',
      'https://gitlab.example.com/payments/platform/deploy',
    ],
    [
      'https://gitlab.example.com/payments/platform/infra/deploy',
      'https://gitlab.example.com/payments/platform/infra/deploy',
    ],
    [
      'http://127.0.0.1:7008/github/acme/app.git',
      'http://127.0.0.1:7008/github/acme/app',
    ],
    ['https://ghe.acme.io:8443/acme/app', 'https://ghe.acme.io:8443/acme/app'],
    ['github.com/acme/app', 'https://github.com/acme/app'],
    ['  https://github.com/acme/app  ', 'https://github.com/acme/app'],
    ['git@gitlab.com:12345/app.git', 'https://gitlab.com/12345/app'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeRepoUrl(input)).toBe(expected);
  });

  it.each([
    [''],
    ['${{ vars.repo }}'],
    ['https://github.com/${{ vars.org }}/app'],
    ['https://github.com/acme'],
    ['https://github.com/acme/.git'],
    ['file:///tmp/repo'],
    ['not a url'],
    ['https://'],
    ['acme/app'],
    [undefined],
    [42],
  ])('rejects %p', input => {
    expect(normalizeRepoUrl(input)).toBeUndefined();
  });

  // Attack on issue 35's webhook fix: an unsigned webhook event (Bitbucket
  // Cloud, or GitLab without a secret) may carry 5 MB as its repository URL.
  // A run of dots made the old `host.tld/` regex backtrack quadratically, and
  // even a linear parse of 5 MB took 0.4 s of the event loop. No repository
  // URL is longer than 2048 characters: a longer one is no repository.
  it('is no repository URL when longer than 2048 characters, whatever its form', () => {
    const repo = (length: number) =>
      `https://github.com/acme/${'a'.repeat(length - 24)}`;
    expect(repo(2048)).toHaveLength(2048);
    expect(normalizeRepoUrl(repo(2048))).toBe(repo(2048));
    expect(normalizeRepoUrl(repo(2049))).toBeUndefined();
    expect(
      normalizeRepoUrl(`github.com/acme/${'a'.repeat(2048)}`),
    ).toBeUndefined();
    expect(
      normalizeRepoUrl(`git@github.com:acme/${'a'.repeat(2048)}.git`),
    ).toBeUndefined();
    expect(normalizeRepoUrl('.'.repeat(5_000_000))).toBeUndefined();
  });

  it('reads a scheme-less `host.tld/path` as before the linear check', () => {
    const before = (text: string) => /^[^/]+\.[^/]+\//.test(text);
    fc.assert(
      fc.property(fc.stringMatching(/^[a./]{0,8}$/), text => {
        expect(normalizeRepoUrl(`${text}/o/r`) !== undefined).toBe(
          before(`${text}/o/r`) || /:\/\//.test(text),
        );
      }),
    );
  });
});

describe('parsePullRequestUrl', () => {
  it.each([
    [
      'https://github.com/acme/checkout-deploy/pull/42',
      'https://github.com/acme/checkout-deploy',
      42,
    ],
    ['https://GITHUB.com/acme/app/pull/7/', 'https://github.com/acme/app', 7],
    [
      'https://bitbucket.org/acme/checkout-deploy/pull-requests/9',
      'https://bitbucket.org/acme/checkout-deploy',
      9,
    ],
    [
      'https://gitea.example.com/acme/app/pulls/3',
      'https://gitea.example.com/acme/app',
      3,
    ],
    [
      'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
      'https://gitlab.example.com/payments/deploy',
      7,
    ],
    [
      'https://gitlab.example.com/payments/platform/deploy/-/merge_requests/12',
      'https://gitlab.example.com/payments/platform/deploy',
      12,
    ],
    [
      'https://gitlab.example.com/payments/deploy/merge_requests/3',
      'https://gitlab.example.com/payments/deploy',
      3,
    ],
    [
      'http://127.0.0.1:7008/gitlab/payments/deploy/-/merge_requests/9',
      'http://127.0.0.1:7008/gitlab/payments/deploy',
      9,
    ],
  ])('%s', (url, repoUrl, number) => {
    expect(parsePullRequestUrl(url)).toEqual({ repoUrl, number });
  });

  it.each([
    ['https://github.com/acme/app/issues/4'],
    ['https://github.com/pull/4'],
    ['nope'],
    [null],
  ])('rejects %p', url => {
    expect(parsePullRequestUrl(url)).toBeUndefined();
  });
});

describe('normalizeRepoUrl properties', () => {
  const segment = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$/);
  const host = fc.stringMatching(/^[A-Za-z0-9]{1,10}\.(com|io|example\.com)$/);

  it('gives the same URL for the https, ssh and scp forms of a repository, and is idempotent', () => {
    fc.assert(
      fc.property(
        host,
        fc.array(segment, { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        (h, path, git) => {
          fc.pre(!path[path.length - 1].toLowerCase().endsWith('.git'));
          const p = `${path.join('/')}${git ? '.git' : ''}`;
          const https = normalizeRepoUrl(`https://${h}/${p}`);
          expect(https).toBe(`https://${h.toLowerCase()}/${path.join('/')}`);
          expect(normalizeRepoUrl(`ssh://git@${h}/${p}`)).toBe(https);
          expect(normalizeRepoUrl(`git@${h}:${p}`)).toBe(https);
          expect(normalizeRepoUrl(https)).toBe(https);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers https URLs without the URL parser exactly as the parser does', () => {
    // Pieces that stay in the fast path (mostly) and pieces that must leave it.
    const mostly = <T>(good: T[], bad: T[]) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...good), weight: 8 },
        { arbitrary: fc.constantFrom(...bad), weight: 1 },
      );
    const hostPart = mostly(
      ['github', 'gitlab', 'example', 'com', 'io', 'a-b', 'xn--bcher-kva'],
      ['xn--a', 'xn--', 'GitHub', '127', '0x7f', '1', '', 'é', '_x'],
    );
    const hostOf = fc
      .array(hostPart, { minLength: 1, maxLength: 4 })
      .map(parts => parts.join('.'));
    const port = mostly([''], [':443', ':8443', ':']);
    const pathPart = mostly(
      ['o', 'repo', 'Group', 'sub_group', 'r~1', 'a-b', 'v1.2', 'r.git'],
      [
        '.',
        '..',
        '.git',
        'r.GIT',
        'r.git.git',
        '',
        '%20',
        'a b',
        'x?y',
        'x#y',
        '${{ vars.repo }}',
        'ü',
        '-',
        '~',
      ],
    );
    const pathOf = fc
      .array(pathPart, { minLength: 0, maxLength: 5 })
      .map(parts => parts.join('/'));
    const scheme = mostly(['https://'], ['HTTPS://', 'http://']);
    const tail = mostly(['', '/'], ['//', ' ']);
    let fastAnswers = 0;
    fc.assert(
      fc.property(scheme, hostOf, port, pathOf, tail, (s, h, p, path, t) => {
        const url = `${s}${h}${p}/${path}${t}`;
        const fast = canonicalHttps(url);
        // Either no answer (left to the parser) or the parser's answer.
        expect([undefined, normalize(url)]).toContain(fast);
        if (fast) fastAnswers++;
        expect(normalizeRepoUrl(url)).toBe(normalize(url));
      }),
      { numRuns: 3000 },
    );
    // Not vacuous: the generator reaches the fast path often.
    expect(fastAnswers).toBeGreaterThan(100);
    // What a gathering sees nearly always takes the fast path.
    for (const [url, canonical] of [
      [
        'https://github.com/akuity/kargo-demo',
        'https://github.com/akuity/kargo-demo',
      ],
      [
        'https://github.com/akuity/kargo-demo.git',
        'https://github.com/akuity/kargo-demo',
      ],
      [
        'https://gitlab.example.com/group/sub/repo/',
        'https://gitlab.example.com/group/sub/repo',
      ],
    ])
      expect(canonicalHttps(url)).toBe(canonical);
  });
});
