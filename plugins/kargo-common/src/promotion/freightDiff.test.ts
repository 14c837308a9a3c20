import fc from 'fast-check';
import { freightArtifactsOf, freightDiff } from './freightDiff';

const SHA_A = 'a314de4c0ffee0000000000000000000000000a1';
const SHA_B = 'fe2decc0ffee0000000000000000000000000b2';

describe('freightDiff', () => {
  it('says image a -> b, a commit range with its GitHub compare page and chart a -> b', () => {
    expect(
      freightDiff(
        {
          images: [{ repoURL: 'ghcr.io/acme/api', tag: '1.0.0' }],
          commits: [
            { repoURL: 'https://github.com/acme/gitops.git', id: SHA_A },
          ],
          charts: [{ repoURL: 'oci://charts', name: 'api', version: '1.0.0' }],
        },
        {
          images: [{ repoURL: 'ghcr.io/acme/api', tag: '1.1.0' }],
          commits: [
            { repoURL: 'https://github.com/acme/gitops.git', id: SHA_B },
          ],
          charts: [{ repoURL: 'oci://charts', name: 'api', version: '1.2.0' }],
        },
      ),
    ).toEqual([
      {
        kind: 'image',
        repository: 'ghcr.io/acme/api',
        from: '1.0.0',
        to: '1.1.0',
        compareUrl: null,
      },
      {
        kind: 'commit',
        repository: 'https://github.com/acme/gitops.git',
        from: SHA_A,
        to: SHA_B,
        compareUrl: `https://github.com/acme/gitops/compare/${SHA_A}...${SHA_B}`,
      },
      {
        kind: 'chart',
        repository: 'oci://charts/api',
        from: '1.0.0',
        to: '1.2.0',
        compareUrl: null,
      },
    ]);
  });

  it("links GitLab's and Bitbucket's compare pages, and none for other hosts or for what is no commit id", () => {
    const compare = (repoURL: string, from = SHA_A, to = SHA_B) =>
      freightDiff(
        { commits: [{ repoURL, id: from }] },
        { commits: [{ repoURL, id: to }] },
      )[0].compareUrl;
    expect(compare('https://gitlab.com/g/sub/p.git')).toBe(
      `https://gitlab.com/g/sub/p/-/compare/${SHA_A}...${SHA_B}`,
    );
    expect(compare('https://gitlab.example.com/payments/deploy')).toBe(
      `https://gitlab.example.com/payments/deploy/-/compare/${SHA_A}...${SHA_B}`,
    );
    expect(compare('git@bitbucket.org:w/r.git')).toBe(
      `https://bitbucket.org/w/r/branches/compare/${SHA_B}%0D${SHA_A}`,
    );
    expect(compare('https://git.example.com/r.git')).toBeNull();
    expect(compare('https://github.com/o/r', 'main', '../../evil')).toBeNull();
  });

  it('says what a candidate adds, and nothing for what stays the same', () => {
    expect(
      freightDiff(
        { images: [{ repoURL: 'ghcr.io/a', tag: '1' }] },
        {
          images: [
            { repoURL: 'ghcr.io/a', tag: '1' },
            { repoURL: 'ghcr.io/b', digest: 'sha256:abc' },
          ],
        },
      ),
    ).toEqual([
      {
        kind: 'image',
        repository: 'ghcr.io/b',
        from: null,
        to: 'sha256:abc',
        compareUrl: null,
      },
    ]);
    expect(freightDiff(undefined, {})).toEqual([]);
  });

  it('finds no change between a Freight and itself, and every link it offers is https (property)', () => {
    const commit = fc.record({
      repoURL: fc.oneof(
        fc.constantFrom(
          'https://github.com/o/r',
          'https://gitlab.com/g/p',
          'git@bitbucket.org:w/r.git',
          // A script URL that names a known host on the way.
          ['javascript', 'alert(1)//github.com/x'].join(':'),
        ),
        fc.string(),
      ),
      id: fc.oneof(fc.stringMatching(/^[0-9a-f]{7,40}$/), fc.string()),
    });
    const artifacts = fc.record({
      commits: fc.array(commit, { maxLength: 3 }),
      images: fc.array(fc.record({ repoURL: fc.string(), tag: fc.string() }), {
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(artifacts, artifacts, (a, b) => {
        expect(freightDiff(a, a)).toEqual([]);
        const links = [
          ...freightDiff(a, b).map(change => change.compareUrl),
          ...freightArtifactsOf(b).commits.map(c => c.url),
        ].filter((url): url is string => url !== null);
        expect(links.filter(url => !/^https:\/\/[^/]+\/./.test(url))).toEqual(
          [],
        );
      }),
    );
  });
});

describe('freightArtifactsOf', () => {
  it('lists commits with a link to each on its host, images and charts', () => {
    expect(
      freightArtifactsOf({
        commits: [
          {
            repoURL: 'https://github.com/acme/checkout-deploy.git',
            id: SHA_B,
            message: 'checkout: release v1.8.0',
          },
          { repoURL: 'https://git.example.com/x', tag: 'v2' },
        ],
        images: [{ repoURL: 'ghcr.io/acme/checkout', tag: 'v1.8.0' }],
        charts: [
          { repoURL: 'oci://charts', name: 'checkout', version: '2.0.0' },
        ],
      }),
    ).toEqual({
      commits: [
        {
          repoURL: 'https://github.com/acme/checkout-deploy.git',
          id: SHA_B,
          message: 'checkout: release v1.8.0',
          url: `https://github.com/acme/checkout-deploy/commit/${SHA_B}`,
        },
        {
          repoURL: 'https://git.example.com/x',
          id: 'v2',
          message: null,
          url: null,
        },
      ],
      images: [
        { repoURL: 'ghcr.io/acme/checkout', tag: 'v1.8.0', digest: null },
      ],
      charts: [{ repoURL: 'oci://charts', name: 'checkout', version: '2.0.0' }],
    });
  });
});
