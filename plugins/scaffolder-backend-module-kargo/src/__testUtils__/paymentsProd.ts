/**
 * The sandbox's payments/prod Stage: its git-open-pr step opens
 * release/payments-prod into main on GitLab, where merge request !7 is open.
 */
export const PAYMENTS_PROD = {
  /** The input of kargo:pull-request:open for it. */
  input: {
    project: 'payments',
    stage: 'prod',
    title: 'Release payments to prod',
  },
  /** What kargo:pull-request:open outputs for it: !7, reclaimed. */
  reclaimed: {
    number: 7,
    url: 'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
    reclaimed: true,
    sourceBranch: 'release/payments-prod',
    targetBranch: 'main',
  },
};
