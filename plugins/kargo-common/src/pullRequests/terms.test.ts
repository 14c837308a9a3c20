import {
  pullRequestInEnglish,
  pullRequestReference,
  pullRequestTerms,
} from './terms';

describe('pullRequestTerms', () => {
  it.each([
    ['github', 'pullRequest', '#7'],
    ['gitlab', 'mergeRequest', '!7'],
    ['bitbucket', 'pullRequest', '#7'],
    // A provider another module adds, and a name that is an Object key.
    ['gitea', 'pullRequest', '#7'],
    ['constructor', 'pullRequest', '#7'],
  ])('words a %s change request as a %s %s', (provider, noun, reference) => {
    expect(pullRequestTerms(provider).noun).toBe(noun);
    expect(pullRequestReference(provider, 7)).toBe(reference);
  });
});

describe('pullRequestInEnglish', () => {
  it("names a PR/MR in its provider's words, with or without its number", () => {
    expect(pullRequestInEnglish('github', 7)).toBe('pull request #7');
    expect(pullRequestInEnglish('gitlab', 7)).toBe('merge request !7');
    expect(pullRequestInEnglish('bitbucket', 7)).toBe('pull request #7');
    expect(pullRequestInEnglish('gitlab')).toBe('merge request');
  });
});
