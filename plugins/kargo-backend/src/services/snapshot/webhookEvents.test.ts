import {
  githubPullRequestRepository,
  gitlabMergeRequestRepository,
  PULL_REQUEST_WEBHOOK_TOPICS,
} from './webhookEvents';

describe('webhook payloads', () => {
  it('reads the repository of a GitHub pull_request event', () => {
    expect(
      githubPullRequestRepository({
        action: 'closed',
        number: 7,
        repository: {
          full_name: 'acme/checkout-deploy',
          html_url: 'https://github.com/acme/checkout-deploy',
        },
      }),
    ).toBe('https://github.com/acme/checkout-deploy');
  });

  it('reads the project of a GitLab merge_request event', () => {
    expect(
      gitlabMergeRequestRepository({
        object_kind: 'merge_request',
        project: { web_url: 'https://gitlab.example.com/payments/deploy' },
      }),
    ).toBe('https://gitlab.example.com/payments/deploy');
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'https://github.com/acme/checkout-deploy'],
    ['no repository', { action: 'opened' }],
    ['a number as URL', { repository: { html_url: 7 } }],
    ['not a web URL', { repository: { html_url: 'file:///etc/passwd' } }],
    [
      'a huge URL',
      { repository: { html_url: `https://github.com/${'a'.repeat(5000)}` } },
    ],
  ])('names no repository for %s', (_what, payload) => {
    expect(githubPullRequestRepository(payload)).toBeUndefined();
    expect(gitlabMergeRequestRepository(payload)).toBeUndefined();
  });

  it("each provider reads only its own event's field", () => {
    expect(
      githubPullRequestRepository({
        project: { web_url: 'https://gitlab.example.com/payments/deploy' },
      }),
    ).toBeUndefined();
    expect(
      gitlabMergeRequestRepository({
        repository: { html_url: 'https://github.com/acme/checkout-deploy' },
      }),
    ).toBeUndefined();
  });

  it('follows the sub-topics the events modules publish', () => {
    expect(Object.keys(PULL_REQUEST_WEBHOOK_TOPICS).sort()).toEqual([
      'github.pull_request',
      'gitlab.merge_request',
    ]);
  });
});
