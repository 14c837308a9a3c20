import { pullRequestReference, pullRequestTerms } from './terms';

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
