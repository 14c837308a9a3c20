/** `sandbox/v1` Git provider documents for the demo. */
import { at, sha1 } from './builders';

interface PullRequestOptions {
  repoURL: string;
  number: number;
  title: string;
  state: 'open' | 'closed' | 'merged';
  sourceBranch: string;
  targetBranch: string;
  minutes: number;
  author?: string;
}

function spec(o: PullRequestOptions) {
  return {
    repoURL: o.repoURL,
    number: o.number,
    title: o.title,
    state: o.state,
    sourceBranch: o.sourceBranch,
    targetBranch: o.targetBranch,
    headSha: sha1(`${o.repoURL}#${o.sourceBranch}#${o.number}`),
    author: o.author ?? 'kargo-bot',
    createdAt: at(o.minutes),
  };
}

export function gitHubPullRequest(name: string, o: PullRequestOptions) {
  return {
    apiVersion: 'sandbox/v1',
    kind: 'GitHubPullRequest',
    metadata: { name },
    spec: spec(o),
  };
}

export function gitLabMergeRequest(name: string, o: PullRequestOptions) {
  return {
    apiVersion: 'sandbox/v1',
    kind: 'GitLabMergeRequest',
    metadata: { name },
    spec: spec(o),
  };
}

export function bitbucketPullRequest(name: string, o: PullRequestOptions) {
  return {
    apiVersion: 'sandbox/v1',
    kind: 'BitbucketPullRequest',
    metadata: { name },
    spec: spec(o),
  };
}
