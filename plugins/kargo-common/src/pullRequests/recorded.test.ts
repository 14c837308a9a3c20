import type { Promotion } from '../types';
import {
  pullRequestRecordOf,
  recordedPullRequestNumber,
  recordedPullRequestUrl,
} from './recorded';

describe('pullRequestRecordOf', () => {
  it('reads pr.url and pr.id (git-open-pr v1.5+, git-wait-for-pr)', () => {
    expect(
      pullRequestRecordOf({
        pr: { id: 42, url: 'https://github.com/acme/deploy/pull/42' },
      }),
    ).toEqual({ url: 'https://github.com/acme/deploy/pull/42', number: 42 });
  });

  it('reads an id recorded as a string of digits', () => {
    expect(pullRequestRecordOf({ pr: { id: '7' } })).toEqual({
      url: undefined,
      number: 7,
    });
  });

  it('reads the older prNumber when there is no pr.id', () => {
    expect(pullRequestRecordOf({ prNumber: 12, commit: 'abc' })).toEqual({
      url: undefined,
      number: 12,
    });
    expect(pullRequestRecordOf({ pr: { id: 'x' }, prNumber: '12' })).toEqual({
      url: undefined,
      number: 12,
    });
  });

  it('keeps a URL whose id is missing or unreadable', () => {
    expect(
      pullRequestRecordOf({ pr: { url: 'https://x/pull/9', id: -1 } }),
    ).toEqual({
      url: 'https://x/pull/9',
      number: undefined,
    });
  });

  it.each([
    ['no output', undefined],
    ['a string output', 'pr'],
    ['an output without a PR', { commit: 'abc' }],
    ['a pr that is not an object', { pr: 'https://x/pull/1' }],
    ['an empty URL and a zero id', { pr: { url: '', id: 0 } }],
    [
      'a negative, fractional or padded id',
      { pr: { id: 2.5 }, prNumber: ' 3' },
    ],
    ['a hexadecimal id', { pr: { id: '0x1f' } }],
    ['an array', [{ pr: { id: 1 } }]],
  ])('records nothing for %s', (_, output) => {
    expect(pullRequestRecordOf(output)).toBeUndefined();
  });
});

describe('recordedPullRequestUrl', () => {
  const base: Promotion = {
    spec: {
      steps: [{ uses: 'git-clone' }, { uses: 'git-open-pr', as: 'open-pr' }],
    },
  };

  it('reads pr.url from the git-open-pr step output', () => {
    const promotion: Promotion = {
      ...base,
      status: {
        state: {
          'step-1': { commit: 'abc' },
          'open-pr': {
            pr: {
              id: 42,
              url: 'https://github.com/acme/checkout-deploy/pull/42',
            },
          },
        },
      },
    };
    expect(recordedPullRequestUrl(promotion)).toBe(
      'https://github.com/acme/checkout-deploy/pull/42',
    );
  });

  it('uses the step-<n> alias of an unnamed git-open-pr step', () => {
    const promotion: Promotion = {
      spec: { steps: [{ uses: 'git-push' }, { uses: 'git-open-pr' }] },
      status: { state: { 'step-2': { pr: { url: 'https://x/pull/1' } } } },
    };
    expect(recordedPullRequestUrl(promotion)).toBe('https://x/pull/1');
  });

  it('falls back to any step output that carries pr.url', () => {
    const promotion: Promotion = {
      spec: { steps: [] },
      status: {
        state: {
          'wait-for-pr': { pr: { url: 'https://x/pull/9', merged: false } },
        },
      },
    };
    expect(recordedPullRequestUrl(promotion)).toBe('https://x/pull/9');
  });

  it('returns undefined when no step recorded a pull request', () => {
    expect(recordedPullRequestUrl(base)).toBeUndefined();
    expect(
      recordedPullRequestUrl({
        ...base,
        status: { state: { 'open-pr': { pr: { id: 3 } } } },
      }),
    ).toBeUndefined();
  });
});

describe('recordedPullRequestNumber', () => {
  it('reads the number of the first step output that recorded one', () => {
    const promotion: Promotion = {
      status: {
        state: {
          'step-1': { commit: 'abc' },
          'open-pr': { pr: { id: '5', url: 'https://x/pull/5' } },
          'wait-for-pr': { pr: { id: 6 } },
        },
      },
    };
    expect(recordedPullRequestNumber(promotion)).toBe(5);
  });

  it('reads the older prNumber and answers null without a number', () => {
    expect(
      recordedPullRequestNumber({ status: { state: { s: { prNumber: 3 } } } }),
    ).toBe(3);
    expect(
      recordedPullRequestNumber({
        status: { state: { s: { pr: { url: 'https://x/pull/4' } } } },
      }),
    ).toBeNull();
    expect(recordedPullRequestNumber({})).toBeNull();
  });
});
