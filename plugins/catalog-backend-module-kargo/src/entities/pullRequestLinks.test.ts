import { pullRequestLink, pullRequestLinks } from './pullRequestLinks';

describe('pullRequestLink', () => {
  it('names GitHub pull requests owner/repo#number', () => {
    expect(
      pullRequestLink('https://github.com/acme/checkout-deploy/pull/42'),
    ).toEqual({
      url: 'https://github.com/acme/checkout-deploy/pull/42',
      title: 'Pull request acme/checkout-deploy#42',
      icon: 'github',
    });
  });

  it('names GitLab merge requests group/repo!number, subgroups included', () => {
    expect(
      pullRequestLink(
        'https://gitlab.example.com/payments/sub/deploy/-/merge_requests/7',
      ),
    ).toEqual({
      url: 'https://gitlab.example.com/payments/sub/deploy/-/merge_requests/7',
      title: 'Merge request payments/sub/deploy!7',
    });
  });

  it('titles any other URL with itself', () => {
    expect(pullRequestLink('https://git.example.com/x').title).toBe(
      'Pull request https://git.example.com/x',
    );
  });
});

describe('pullRequestLinks', () => {
  it('drops duplicates and URLs that are not http(s)', () => {
    const links = pullRequestLinks([
      'https://github.com/a/b/pull/1',
      'ftp://example.com/pull/2',
      'not a url',
      'https://github.com/a/b/pull/1',
    ]);
    expect(links.map(l => l.url)).toEqual(['https://github.com/a/b/pull/1']);
  });
});
